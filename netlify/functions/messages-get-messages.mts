import type { Config } from '@netlify/functions';
import { listMessages } from '../../src/features/forum/service.server.ts';
import { endpoint, requirePermission } from '../../src/server/http.ts';
import { canUseForum } from '../../src/lib/policy.ts';

/** Lists the latest forum messages (clearance 2 or more). */
export default endpoint({
  method: 'GET',
  handle: async ({ req }) => {
    const { session } = await requirePermission(req, canUseForum);
    return { status: 'Success', messages: await listMessages(session) };
  },
});

export const config: Config = { path: '/api/messages/get-messages' };

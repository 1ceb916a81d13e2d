import type { Config } from '@netlify/functions';
import { listMessages } from '../../src/features/forum/service.server.ts';
import { endpoint, requireClearance } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Lists the latest forum messages (clearance 2 or more). */
export default endpoint({
  method: 'GET',
  handle: async ({ req }) => {
    await requireClearance(req, CLEARANCE.forum);
    return { status: 'Success', messages: await listMessages() };
  },
});

export const config: Config = { path: '/api/messages/get-messages' };

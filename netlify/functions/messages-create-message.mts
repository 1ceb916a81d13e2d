import type { Config } from '@netlify/functions';
import { createMessageRequest } from '../../src/features/forum/schema.ts';
import { postMessage } from '../../src/features/forum/service.server.ts';
import { endpoint, requirePermission } from '../../src/server/http.ts';
import { canUseForum } from '../../src/lib/policy.ts';

/** Posts a forum message as the token's user (clearance 2 or more). */
export default endpoint({
  method: 'POST',
  body: createMessageRequest,
  handle: async ({ req, body }) => ({
    status: 'Success',
    message: await postMessage(await requirePermission(req, canUseForum), body),
  }),
});

export const config: Config = { path: '/api/messages/create-message' };

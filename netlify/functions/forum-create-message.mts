import type { Config } from '@netlify/functions';
import { createMessageRequest } from '../../src/features/forum/schema.ts';
import { postMessage } from '../../src/features/forum/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Posts a forum message as the token's user (clearance 2 or more). */
export default endpoint({
  method: 'POST',
  feature: 'forum',
  access: { clearance: CLEARANCE.forum },
  body: createMessageRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', message: await postMessage(caller, body) }),
});

export const config: Config = { path: '/api/messages/create-message' };

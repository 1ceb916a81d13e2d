import type { Config } from '@netlify/functions';
import { setClosedRequest } from '../../src/features/poll/schema.ts';
import { setClosed } from '../../src/features/poll/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Closes a poll question or reopens it (clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'poll',
  access: { clearance: CLEARANCE.console },
  body: setClosedRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', ...(await setClosed(caller, body.question, body.closed)) }),
});

export const config: Config = { path: '/api/poll/set-closed' };

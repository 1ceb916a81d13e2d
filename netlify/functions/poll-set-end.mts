import type { Config } from '@netlify/functions';
import { setEndRequest } from '../../src/features/poll/schema.ts';
import { setEnd } from '../../src/features/poll/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Sets the time a poll question closes by itself, or takes it away (clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'poll',
  access: { clearance: CLEARANCE.console },
  body: setEndRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', ...(await setEnd(caller, body.question, body.endsAt)) }),
});

export const config: Config = { path: '/api/poll/set-end' };

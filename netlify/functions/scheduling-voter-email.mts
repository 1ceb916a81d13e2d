import type { Config } from '@netlify/functions';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';
import { voterEmailRequest } from '../../src/features/scheduling/voting/schema.ts';
import { leaveEmail } from '../../src/features/scheduling/voting/service.server.ts';

/** Keeps the address a voter leaves to hear the decision (shown only to the poll's organiser), once confirmed. */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'optional-session',
  body: voterEmailRequest,
  handle: async ({ req, context, body, caller }) => {
    return { status: 'Success', ...(await leaveEmail(body, caller, clientAddress(req, context))) };
  },
});

export const config: Config = { path: '/api/scheduling/voter-email' };

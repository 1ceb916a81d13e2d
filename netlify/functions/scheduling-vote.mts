import type { Config } from '@netlify/functions';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';
import { voteRequest } from '../../src/features/scheduling/voting/schema.ts';
import { vote } from '../../src/features/scheduling/voting/service.server.ts';

/** One answer in any poll: yes, if need be (where the poll takes it), or none. */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'optional-session',
  body: voteRequest,
  handle: async ({ req, context, body, caller }) => ({
    status: 'Success',
    ...(await vote(body, caller, clientAddress(req, context))),
  }),
});

export const config: Config = { path: '/api/scheduling/vote' };

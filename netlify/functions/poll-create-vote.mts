import type { Config } from '@netlify/functions';
import { createVoteRequest } from '../../src/features/poll/schema.ts';
import { castVote } from '../../src/features/poll/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/** Records a vote: as the token's user when logged in, else under the typed name. */
export default endpoint({
  method: 'POST',
  feature: 'poll',
  access: 'optional-session',
  body: createVoteRequest,
  handle: async ({ req, context, body, caller }) => ({
    status: await castVote(body, caller, clientAddress(req, context)),
  }),
});

export const config: Config = { path: '/api/poll/create-vote' };

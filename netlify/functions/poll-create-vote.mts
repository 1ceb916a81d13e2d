import type { Config } from '@netlify/functions';
import { createVoteRequest } from '../../src/features/poll/schema.ts';
import { castVote } from '../../src/features/poll/service.server.ts';
import { BOT_PASS_HEADER } from '../../src/server/captcha.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/** Records a vote: as the token's user when logged in, else under the typed name, with a bot pass. */
export default endpoint({
  method: 'POST',
  feature: 'poll',
  access: 'optional-session',
  body: createVoteRequest,
  handle: async ({ req, context, body, caller }) => ({
    status: await castVote(body, caller, clientAddress(req, context), req.headers.get(BOT_PASS_HEADER)),
  }),
});

export const config: Config = { path: '/api/poll/create-vote' };

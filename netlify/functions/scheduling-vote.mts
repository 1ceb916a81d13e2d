import type { Config } from '@netlify/functions';
import { BOT_PASS_HEADER } from '../../src/server/captcha.ts';
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
    // A name new to the browser brings a bot pass (src/server/captcha.ts).
    ...(await vote(body, caller, clientAddress(req, context), req.headers.get(BOT_PASS_HEADER))),
  }),
});

export const config: Config = { path: '/api/scheduling/vote' };

import type { Config } from '@netlify/functions';
import { BOT_PASS_HEADER } from '../../src/server/captcha.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';
import { commentRequest } from '../../src/features/scheduling/comments/schema.ts';
import { comment } from '../../src/features/scheduling/comments/service.server.ts';

/** Adds a comment to a poll, as the signed-in member or under a guest's name. */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'optional-session',
  body: commentRequest,
  handle: async ({ req, context, body, caller }) => ({
    status: 'Success',
    // A guest's comment brings a bot pass (src/server/captcha.ts).
    ...(await comment(body, caller, clientAddress(req, context), req.headers.get(BOT_PASS_HEADER))),
  }),
});

export const config: Config = { path: '/api/scheduling/comment' };

import type { Config } from '@netlify/functions';
import { BOT_PASS_HEADER } from '../../src/server/captcha.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';
import { choiceRequest } from '../../src/features/scheduling/voting/schema.ts';
import { changeChoice } from '../../src/features/scheduling/configured/service.server.ts';

/** Adds a vote for a time slot (or answers an option of a made poll). */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'optional-session',
  body: choiceRequest,
  handle: async ({ req, context, body, caller }) => ({
    status: 'Success',
    ...(await changeChoice(
      'time-slot',
      'add',
      body,
      caller,
      clientAddress(req, context),
      req.headers.get(BOT_PASS_HEADER),
    )),
  }),
});

export const config: Config = { path: '/api/scheduling/add-choice' };

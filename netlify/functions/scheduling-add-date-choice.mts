import type { Config } from '@netlify/functions';
import { BOT_PASS_HEADER } from '../../src/server/captcha.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';
import { dateChoiceRequest } from '../../src/features/scheduling/voting/schema.ts';
import { changeChoice } from '../../src/features/scheduling/configured/service.server.ts';

/** Adds a vote for a date. */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'optional-session',
  body: dateChoiceRequest,
  handle: async ({ req, context, body, caller }) => ({
    status: 'Success',
    ...(await changeChoice('date', 'add', body, caller, clientAddress(req, context), req.headers.get(BOT_PASS_HEADER))),
  }),
});

export const config: Config = { path: '/api/scheduling/add-date-choice' };

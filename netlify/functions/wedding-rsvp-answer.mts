import type { Config } from '@netlify/functions';
import { rsvpAnswerRequest } from '../../src/features/wedding/schema.ts';
import { answerInvitation } from '../../src/features/wedding/rsvp/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/** Saves a household's RSVP through its private link's token, until the deadline; confirms by mail when asked. */
export default endpoint({
  method: 'POST',
  feature: 'wedding',
  access: 'public',
  body: rsvpAnswerRequest,
  handle: async ({ req, context, body, requestId }) => ({
    status: 'Success',
    ...(await answerInvitation(body, clientAddress(req, context), requestId)),
  }),
});

export const config: Config = { path: '/api/wedding/rsvp/answer' };

import type { Config } from '@netlify/functions';
import { endpoint } from '../../src/server/http.ts';
import { newPollRequest } from '../../src/features/scheduling/organising/schema.ts';
import { createPoll } from '../../src/features/scheduling/organising/service.server.ts';

/** Makes a poll from the organiser's form, as the signed-in member's. */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'session',
  body: newPollRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', ...(await createPoll(caller, body)) }),
});

export const config: Config = { path: '/api/scheduling/create-poll' };

import type { Config } from '@netlify/functions';
import { endpoint } from '../../src/server/http.ts';
import { editPollRequest } from '../../src/features/scheduling/organising/schema.ts';
import { editPoll } from '../../src/features/scheduling/organising/service.server.ts';

/**
 * Changes a made poll's title, details and options (its organiser, or clearance 3); 409 says how
 * many answers its dropped options would take.
 */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'session',
  body: editPollRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', ...(await editPoll(caller, body)) }),
});

export const config: Config = { path: '/api/scheduling/edit-poll' };

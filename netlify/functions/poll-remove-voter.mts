import type { Config } from '@netlify/functions';
import { removeVoterRequest } from '../../src/features/poll/schema.ts';
import { removeVoter } from '../../src/features/poll/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Takes a voter's vote off a question (clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'poll',
  access: { clearance: CLEARANCE.console },
  body: removeVoterRequest,
  handle: async ({ body, caller }) => {
    await removeVoter(caller, body.question, body.name);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/poll/remove-voter' };

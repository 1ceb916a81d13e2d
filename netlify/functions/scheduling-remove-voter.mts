import type { Config } from '@netlify/functions';
import { endpoint } from '../../src/server/http.ts';
import { removeVoterRequest } from '../../src/features/scheduling/organising/schema.ts';
import { removeVoter } from '../../src/features/scheduling/organising/service.server.ts';

/**
 * Takes a voter, or every voter who joined since a time, out of a poll with all their
 * answers (its organiser, or clearance 3).
 */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'session',
  body: removeVoterRequest,
  handle: async ({ body, caller }) => ({
    status: 'Success',
    ...(await removeVoter(caller, body)),
  }),
});

export const config: Config = { path: '/api/scheduling/remove-voter' };

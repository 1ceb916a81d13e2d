import type { Config } from '@netlify/functions';
import { endpoint } from '../../src/server/http.ts';
import { pollRequest } from '../../src/features/scheduling/organising/schema.ts';
import { reopen } from '../../src/features/scheduling/organising/service.server.ts';

/** Reopens a finalised poll (its organiser, or clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'session',
  body: pollRequest,
  handle: async ({ body, caller }) => {
    await reopen(caller, body.pollId);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/scheduling/reopen-poll' };

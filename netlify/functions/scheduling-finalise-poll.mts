import type { Config } from '@netlify/functions';
import { endpoint } from '../../src/server/http.ts';
import { siteAddress } from '../../src/server/settings.ts';
import { decideRequest } from '../../src/features/scheduling/organising/schema.ts';
import { finalise } from '../../src/features/scheduling/organising/service.server.ts';

/** Finalises a poll on one of its options (its organiser, or clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'session',
  body: decideRequest,
  handle: async ({ req, body, caller }) => ({
    status: 'Success',
    ...(await finalise(caller, body.pollId, body.optionId, siteAddress(req))),
  }),
});

export const config: Config = { path: '/api/scheduling/finalise-poll' };

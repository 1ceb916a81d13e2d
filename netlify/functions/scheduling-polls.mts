import type { Config } from '@netlify/functions';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint, parseWith } from '../../src/server/http.ts';
import { pollsQuery } from '../../src/features/scheduling/organising/schema.ts';
import { listPolls } from '../../src/features/scheduling/organising/service.server.ts';

/** Lists a page of every poll, with its voters and organiser (clearance 3). */
export default endpoint({
  method: 'GET',
  feature: 'scheduling',
  access: { clearance: CLEARANCE.console },
  handle: ({ req, caller }) => {
    const { before } = parseWith(pollsQuery, Object.fromEntries(new URL(req.url).searchParams));
    return listPolls(caller, before);
  },
});

export const config: Config = { path: '/api/scheduling/polls' };

import type { Config } from '@netlify/functions';
import { pollReadEndpoint } from '../../src/features/scheduling/endpoints.server.ts';
import { dateChoicesWithUsers } from '../../src/features/scheduling/service.server.ts';

/** Lists who chose which date of the date poll. */
export default pollReadEndpoint(dateChoicesWithUsers);

export const config: Config = { path: '/api/scheduling/date-choices-with-users/:pollId' };

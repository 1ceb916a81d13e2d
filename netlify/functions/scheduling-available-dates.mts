import type { Config } from '@netlify/functions';
import { pollReadEndpoint } from '../../src/features/scheduling/endpoints.server.ts';
import { availableDates } from '../../src/features/scheduling/service.server.ts';

/** Lists the dates the date poll offers. */
export default pollReadEndpoint(availableDates);

export const config: Config = { path: '/api/scheduling/available-dates/:pollId' };

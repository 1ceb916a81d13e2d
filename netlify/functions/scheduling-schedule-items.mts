import type { Config } from '@netlify/functions';
import { pollReadEndpoint } from '../../src/features/scheduling/endpoints.server.ts';
import { scheduleItems } from '../../src/features/scheduling/service.server.ts';

/** Lists the schedule items a time-slot poll offers. */
export default pollReadEndpoint(scheduleItems);

export const config: Config = { path: '/api/scheduling/schedule-items/:pollId' };

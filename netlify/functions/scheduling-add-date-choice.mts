import type { Config } from '@netlify/functions';
import { dateChoiceEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** Adds a vote for a date. */
export default dateChoiceEndpoint('add');

export const config: Config = { path: '/api/scheduling/add-date-choice' };

import type { Config } from '@netlify/functions';
import { changeChoiceEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Adds a vote for a date. */
export default changeChoiceEndpoint('date', 'add');

export const config: Config = { path: '/api/scheduling/add-date-choice' };

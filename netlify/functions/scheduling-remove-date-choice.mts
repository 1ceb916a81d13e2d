import type { Config } from '@netlify/functions';
import { changeChoiceEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Removes a vote for a date. */
export default changeChoiceEndpoint('date', 'remove');

export const config: Config = { path: '/api/scheduling/remove-date-choice' };

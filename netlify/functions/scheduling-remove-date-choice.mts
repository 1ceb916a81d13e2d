import type { Config } from '@netlify/functions';
import { dateChoiceEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** Removes a vote for a date. */
export default dateChoiceEndpoint('remove');

export const config: Config = { path: '/api/scheduling/remove-date-choice' };

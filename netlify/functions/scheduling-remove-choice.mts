import type { Config } from '@netlify/functions';
import { changeChoiceEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Removes a vote for a time slot. */
export default changeChoiceEndpoint('time-slot', 'remove');

export const config: Config = { path: '/api/scheduling/remove-choice' };

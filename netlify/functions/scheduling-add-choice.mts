import type { Config } from '@netlify/functions';
import { changeChoiceEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Adds a vote for a time slot. */
export default changeChoiceEndpoint('time-slot', 'add');

export const config: Config = { path: '/api/scheduling/add-choice' };

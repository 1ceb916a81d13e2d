import type { Config } from '@netlify/functions';
import { choiceEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** Adds a vote for a time slot (or answers an option of a made poll). */
export default choiceEndpoint('add');

export const config: Config = { path: '/api/scheduling/add-choice' };

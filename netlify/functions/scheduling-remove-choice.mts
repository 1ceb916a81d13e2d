import type { Config } from '@netlify/functions';
import { choiceEndpoint } from '../../src/features/scheduling/configured/service.server.ts';

/** Removes a vote for a time slot (or an answer in a made poll). */
export default choiceEndpoint('remove');

export const config: Config = { path: '/api/scheduling/remove-choice' };

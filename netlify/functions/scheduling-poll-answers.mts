import type { Config } from '@netlify/functions';
import { pollReadEndpoint } from '../../src/features/scheduling/endpoints.server.ts';
import { pollAnswers } from '../../src/features/scheduling/service.server.ts';

/** Every answer of a poll made in the console: option, yes or if need be, and who. */
export default pollReadEndpoint(pollAnswers);

export const config: Config = { path: '/api/scheduling/poll-answers/:pollId' };

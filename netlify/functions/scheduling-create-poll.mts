import type { Config } from '@netlify/functions';
import { createPollEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Makes a poll from the organiser's form, as the signed-in member's. */
export default createPollEndpoint;

export const config: Config = { path: '/api/scheduling/create-poll' };

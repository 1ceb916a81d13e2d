import type { Config } from '@netlify/functions';
import { pollReadEndpoint } from '../../src/features/scheduling/endpoints.server.ts';
import { createdPoll } from '../../src/features/scheduling/service.server.ts';

/** A poll made in the console: its title, zone, options, decision and version. */
export default pollReadEndpoint(createdPoll);

export const config: Config = { path: '/api/scheduling/poll/:pollId' };

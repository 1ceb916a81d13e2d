import type { Config } from '@netlify/functions';
import { pollReadEndpoint } from '../../src/features/scheduling/endpoints.server.ts';
import { pollVersion } from '../../src/features/scheduling/service.server.ts';

/** A poll's version, which every change raises: an open page's cheap check for news. */
export default pollReadEndpoint(pollVersion);

export const config: Config = { path: '/api/scheduling/poll-version/:pollId' };

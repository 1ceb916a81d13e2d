import type { Config } from '@netlify/functions';
import { commentEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Adds a comment to a poll, as the signed-in member or under a guest's name. */
export default commentEndpoint;

export const config: Config = { path: '/api/scheduling/comment' };

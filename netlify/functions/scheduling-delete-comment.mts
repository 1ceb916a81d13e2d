import type { Config } from '@netlify/functions';
import { deleteCommentEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Deletes a comment (its member author, or the poll's organiser, or clearance 3). */
export default deleteCommentEndpoint;

export const config: Config = { path: '/api/scheduling/delete-comment' };

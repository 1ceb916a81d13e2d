import type { Config } from '@netlify/functions';
import { endpoint } from '../../src/server/http.ts';
import { deleteCommentRequest } from '../../src/features/scheduling/comments/schema.ts';
import { deleteComment } from '../../src/features/scheduling/comments/service.server.ts';

/** Deletes a comment (its member author, or the poll's organiser, or clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'session',
  body: deleteCommentRequest,
  handle: async ({ body, caller }) => {
    await deleteComment(caller, body.pollId, body.commentId);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/scheduling/delete-comment' };

import type { Config } from '@netlify/functions';
import { deleteMessage } from '../../src/features/forum/service.server.ts';
import { endpoint, lastPathSegment, requirePermission } from '../../src/server/http.ts';
import { canUseForum } from '../../src/lib/policy.ts';

/** Deletes one of the token user's own forum messages (clearance 2 or more), or anyone's for a moderator (clearance 3). */
export default endpoint({
  method: 'DELETE',
  handle: async ({ req }) => {
    const user = await requirePermission(req, canUseForum);
    const id = lastPathSegment(req);
    await deleteMessage(user, id);
    return { status: 'Success', message: 'Message deleted.' };
  },
});

export const config: Config = { path: '/api/messages/delete/:id' };

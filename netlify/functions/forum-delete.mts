import type { Config } from '@netlify/functions';
import { deleteMessage } from '../../src/features/forum/service.server.ts';
import { endpoint, lastPathSegment } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/**
 * Deletes one of the token user's own forum messages (clearance 2 or more), or anyone's for a moderator (clearance 3).
 */
export default endpoint({
  method: 'DELETE',
  feature: 'forum',
  access: { clearance: CLEARANCE.forum },
  handle: async ({ req, caller }) => {
    await deleteMessage(caller, lastPathSegment(req));
    return { status: 'Success', message: 'Message deleted.' };
  },
});

export const config: Config = { path: '/api/messages/delete/:id' };

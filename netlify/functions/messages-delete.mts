import type { Config } from '@netlify/functions';
import { deleteOwnMessage } from '../../src/features/forum/service.server.ts';
import { endpoint, lastPathSegment, requireClearance } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Deletes one of the token user's own forum messages (clearance 2 or more). */
export default endpoint({
  method: 'DELETE',
  handle: async ({ req }) => {
    const user = await requireClearance(req, CLEARANCE.forum);
    const id = lastPathSegment(req);
    await deleteOwnMessage(user, id);
    return { status: 'Success', message: 'Message deleted.' };
  },
});

export const config: Config = { path: '/api/messages/delete/:id' };

import type { Config } from '@netlify/functions';
import { editMessageRequest } from '../../src/features/forum/schema.ts';
import { editOwnMessage } from '../../src/features/forum/service.server.ts';
import { endpoint, lastPathSegment, requirePermission } from '../../src/server/http.ts';
import { canUseForum } from '../../src/lib/policy.ts';

/** Replaces the text of one of the token user's own messages, within 15 minutes of posting it (clearance 2 or more). */
export default endpoint({
  method: 'POST',
  body: editMessageRequest,
  handle: async ({ req, body }) => {
    const user = await requirePermission(req, canUseForum);
    return { status: 'Success', message: await editOwnMessage(user, lastPathSegment(req), body.text) };
  },
});

export const config: Config = { path: '/api/messages/edit/:id' };

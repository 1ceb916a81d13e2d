import type { Config } from '@netlify/functions';
import { editMessageRequest } from '../../src/features/forum/schema.ts';
import { editOwnMessage } from '../../src/features/forum/service.server.ts';
import { endpoint, lastPathSegment } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** Replaces the text of one of the token user's own messages, within 15 minutes of posting it (clearance 2 or more). */
export default endpoint({
  method: 'POST',
  feature: 'forum',
  access: { clearance: CLEARANCE.forum },
  body: editMessageRequest,
  handle: async ({ req, body, caller }) => ({
    status: 'Success',
    message: await editOwnMessage(caller, lastPathSegment(req), body.text),
  }),
});

export const config: Config = { path: '/api/messages/edit/:id' };

import type { Config } from '@netlify/functions';
import { markMessageRequest } from '../../src/features/contact/schema.ts';
import { markMessage } from '../../src/features/contact/service.server.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint } from '../../src/server/http.ts';

/** The owner marks a contact message read, or unread again (clearance 3); answers how many are unread. */
export default endpoint({
  method: 'POST',
  access: { clearance: CLEARANCE.console },
  body: markMessageRequest,
  handle: async ({ body, caller }) => ({ status: 'Success', unread: await markMessage(caller, body.id, body.read) }),
});

export const config: Config = { path: '/api/contact/messages/read' };

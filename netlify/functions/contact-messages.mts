import type { Config } from '@netlify/functions';
import { inboxMessages } from '../../src/features/contact/service.server.ts';
import { pageQuery } from '../../src/lib/page-cursor.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint, parseWith } from '../../src/server/http.ts';

/** The owner's inbox (clearance 3): a page of contact messages, newest first, and how many are unread. */
export default endpoint({
  method: 'GET',
  access: { clearance: CLEARANCE.console },
  handle: async ({ req, caller }) => {
    const query = parseWith(pageQuery, { before: new URL(req.url).searchParams.get('before') ?? undefined });
    return { status: 'Success', ...(await inboxMessages(caller, query.before)) };
  },
});

export const config: Config = { path: '/api/contact/messages' };

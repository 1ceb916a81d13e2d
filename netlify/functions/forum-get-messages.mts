import type { Config } from '@netlify/functions';
import { pageQuery } from '../../src/features/forum/schema.ts';
import { listMessages } from '../../src/features/forum/service.server.ts';
import { endpoint, parseWith } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/**
 * One page of forum messages (clearance 2 or more): the newest 50, or `limit` of them, or those
 * older than the cursor `before` that a page's `older` gave.
 */
export default endpoint({
  method: 'GET',
  feature: 'forum',
  access: { clearance: CLEARANCE.forum },
  handle: async ({ req, caller }) => {
    const query = parseWith(pageQuery, Object.fromEntries(new URL(req.url).searchParams));
    return { status: 'Success', ...(await listMessages(caller, query)) };
  },
});

export const config: Config = { path: '/api/messages/get-messages' };

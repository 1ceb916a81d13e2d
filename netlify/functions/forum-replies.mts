import type { Config } from '@netlify/functions';
import { repliesQuery } from '../../src/features/forum/schema.ts';
import { listReplies } from '../../src/features/forum/service.server.ts';
import { endpoint, lastPathSegment, parseWith } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/**
 * A page of a top-level message's replies, oldest first (clearance 2 or more): the first 20, or
 * `limit` of them, or those after the cursor `after` that the page's `moreReplies` (or an earlier
 * page's `more`) gave: "Load more replies".
 */
export default endpoint({
  method: 'GET',
  feature: 'forum',
  access: { clearance: CLEARANCE.forum },
  handle: async ({ req, caller }) => {
    const query = parseWith(repliesQuery, Object.fromEntries(new URL(req.url).searchParams));
    return { status: 'Success', ...(await listReplies(caller, lastPathSegment(req), query)) };
  },
});

export const config: Config = {
  path: '/api/messages/replies/:id',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

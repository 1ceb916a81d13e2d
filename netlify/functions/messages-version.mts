import type { Config } from '@netlify/functions';
import { forumVersion } from '../../src/features/forum/service.server.ts';
import { endpoint, requirePermission } from '../../src/server/http.ts';
import { canUseForum } from '../../src/lib/policy.ts';

/** The forum's version, which every post, edit and delete raises: an open page's cheap check for news. */
export default endpoint({
  method: 'GET',
  handle: async ({ req }) => {
    const member = await requirePermission(req, canUseForum);
    return { status: 'Success', version: await forumVersion(member) };
  },
});

export const config: Config = { path: '/api/messages/version' };

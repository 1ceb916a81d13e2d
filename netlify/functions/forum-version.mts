import type { Config } from '@netlify/functions';
import { forumVersion } from '../../src/features/forum/service.server.ts';
import { endpoint } from '../../src/server/http.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';

/** The forum's version, which every post, edit and delete raises: an open page's cheap check for news. */
export default endpoint({
  method: 'GET',
  feature: 'forum',
  access: { clearance: CLEARANCE.forum },
  handle: async ({ caller }) => ({ status: 'Success', version: await forumVersion(caller) }),
});

export const config: Config = { path: '/api/messages/version' };

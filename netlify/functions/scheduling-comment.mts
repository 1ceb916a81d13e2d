import type { Config } from '@netlify/functions';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';
import { commentRequest } from '../../src/features/scheduling/comments/schema.ts';
import { comment } from '../../src/features/scheduling/comments/service.server.ts';

/** Adds a comment to a poll, as the signed-in member or under a guest's name. */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'optional-session',
  body: commentRequest,
  handle: async ({ req, context, body, caller }) => ({
    status: 'Success',
    ...(await comment(body, caller, clientAddress(req, context))),
  }),
});

export const config: Config = { path: '/api/scheduling/comment' };

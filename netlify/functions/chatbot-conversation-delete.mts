import type { Config } from '@netlify/functions';
import { conversationIdOf, deleteOwnConversation } from '../../src/features/chatbot/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Deletes one of the token user's chatbot conversations (404 when it has none by that id). */
export default endpoint({
  method: 'DELETE',
  feature: 'chatbot',
  access: 'session',
  handle: async ({ req, caller }) => {
    await deleteOwnConversation(caller, conversationIdOf(req));
    return { status: 'Success' };
  },
});

export const config: Config = {
  path: '/api/chatbot/conversations/delete/:id',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

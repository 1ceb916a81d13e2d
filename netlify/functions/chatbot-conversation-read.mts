import type { Config } from '@netlify/functions';
import type { ConversationResponse } from '../../src/features/chatbot/schema.ts';
import { conversationIdOf, getConversation } from '../../src/features/chatbot/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Reads one of the token user's chatbot conversations with its messages (404 when it has none by that id). */
export default endpoint({
  method: 'GET',
  feature: 'chatbot',
  access: 'session',
  handle: async ({ req, caller }): Promise<ConversationResponse> => ({
    conversation: await getConversation(caller, conversationIdOf(req)),
  }),
});

export const config: Config = {
  path: '/api/chatbot/conversations/read/:id',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

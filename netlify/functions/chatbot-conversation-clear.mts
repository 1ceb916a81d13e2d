import type { Config } from '@netlify/functions';
import type { ConversationSavedResponse } from '../../src/features/chatbot/schema.ts';
import { clearOwnConversation, conversationIdOf } from '../../src/features/chatbot/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Empties one of the token user's chatbot conversations, keeping its title (404 when it has none by that id). */
export default endpoint({
  method: 'POST',
  feature: 'chatbot',
  access: 'session',
  handle: async ({ req, caller }): Promise<ConversationSavedResponse> => ({
    conversation: await clearOwnConversation(caller, conversationIdOf(req)),
  }),
});

export const config: Config = {
  path: '/api/chatbot/conversations/clear/:id',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

import type { Config } from '@netlify/functions';
import { type ConversationSavedResponse, saveConversationRequest } from '../../src/features/chatbot/schema.ts';
import { conversationIdOf, putConversation } from '../../src/features/chatbot/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Saves one of the token user's chatbot conversations whole (title and messages), new or replacing; past 50 the least recently changed is dropped. */
export default endpoint({
  method: 'PUT',
  feature: 'chatbot',
  access: 'session',
  body: saveConversationRequest,
  handle: async ({ req, body, caller }): Promise<ConversationSavedResponse> => ({
    conversation: await putConversation(caller, conversationIdOf(req), body),
  }),
});

export const config: Config = {
  path: '/api/chatbot/conversations/save/:id',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

import type { Config } from '@netlify/functions';
import { type ConversationSavedResponse, renameConversationRequest } from '../../src/features/chatbot/schema.ts';
import { conversationIdOf, renameOwnConversation } from '../../src/features/chatbot/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Renames one of the token user's chatbot conversations (404 when it has none by that id). */
export default endpoint({
  method: 'POST',
  feature: 'chatbot',
  access: 'session',
  body: renameConversationRequest,
  handle: async ({ req, body, caller }): Promise<ConversationSavedResponse> => ({
    conversation: await renameOwnConversation(caller, conversationIdOf(req), body.title),
  }),
});

export const config: Config = {
  path: '/api/chatbot/conversations/rename/:id',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

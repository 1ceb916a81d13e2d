import type { Config } from '@netlify/functions';
import type { ConversationsResponse } from '../../src/features/chatbot/schema.ts';
import { listConversations } from '../../src/features/chatbot/service.server.ts';
import { endpoint } from '../../src/server/http.ts';

/** Lists the token user's chatbot conversations (id, title, updatedAt), most recently changed first. */
export default endpoint({
  method: 'GET',
  feature: 'chatbot',
  access: 'session',
  handle: async ({ caller }): Promise<ConversationsResponse> => ({ conversations: await listConversations(caller) }),
});

export const config: Config = {
  path: '/api/chatbot/conversations',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

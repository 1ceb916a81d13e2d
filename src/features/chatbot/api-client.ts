import { apiRequest } from '../../platform/api-client.ts';
import type { AskResponse } from './schema.ts';

/** Asks the chatbot a question under a system instruction. */
export function askChatbot(userQuestion: string, userSystemChoice: string): Promise<AskResponse> {
  return apiRequest('ask-ai', { method: 'POST', body: { userQuestion, userSystemChoice } });
}

import { apiRequest } from '../../platform/api-client.ts';
import type { AskResponse, QuotaResponse } from './schema.ts';

/** Asks the chatbot a question under a system instruction. */
export function askChatbot(userQuestion: string, userSystemChoice: string, botPass?: string): Promise<AskResponse> {
  return apiRequest('ask-ai', { method: 'POST', body: { userQuestion, userSystemChoice }, botPass });
}

/** Reads how many questions the visitor may still ask today. */
export function fetchQuota(): Promise<QuotaResponse> {
  return apiRequest('ask-ai/quota');
}

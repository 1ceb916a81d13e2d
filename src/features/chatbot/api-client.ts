import { apiEventStream, apiRequest } from '../../platform/api-client.ts';
import type { ServerPreset } from './instructions.ts';
import type { AskEvent, ChatTurn, QuotaResponse } from './schema.ts';

/** What the page asks: the spec's two fields, the server's preset when one is chosen, and the conversation so far. */
export interface Question {
  userQuestion: string;
  userSystemChoice: string;
  preset?: ServerPreset;
  history: ChatTurn[];
}

/** Asks the chatbot a question and yields its answer as the model writes it (AskEvent). */
export function streamAnswer(
  question: Question,
  { botPass, signal }: { botPass?: string; signal: AbortSignal },
): AsyncGenerator<AskEvent> {
  return apiEventStream('ask-ai', { method: 'POST', body: question, botPass, signal }) as AsyncGenerator<AskEvent>;
}

/** Reads how many questions the visitor may still ask today. */
export function fetchQuota(): Promise<QuotaResponse> {
  return apiRequest('ask-ai/quota');
}

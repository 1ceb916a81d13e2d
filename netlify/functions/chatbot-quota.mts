import type { Config } from '@netlify/functions';
import type { QuotaResponse } from '../../src/features/chatbot/schema.ts';
import { questionsLeft } from '../../src/features/chatbot/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/** Answers how many questions the visitor (guest or signed in) may still ask the chatbot today. */
export default endpoint({
  method: 'GET',
  feature: 'chatbot',
  access: 'optional-session',
  handle: async ({ req, context, caller }): Promise<QuotaResponse> => ({
    remaining: await questionsLeft({ address: clientAddress(req, context), caller }),
  }),
});

export const config: Config = {
  path: '/api/ask-ai/quota',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

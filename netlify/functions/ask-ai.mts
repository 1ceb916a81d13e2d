import type { Config } from '@netlify/functions';
import { askRequest } from '../../src/features/chatbot/schema.ts';
import { ask } from '../../src/features/chatbot/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/** Answers a chatbot question with the configured model. */
export default endpoint({
  method: 'POST',
  body: askRequest,
  handle: async ({ req, context, body, requestId }) => ({
    status: 'Success',
    openAiResponse: await ask(body, clientAddress(req, context), requestId),
  }),
});

export const config: Config = { path: '/api/ask-ai' };

import type { Config } from '@netlify/functions';
import { askRequest } from '../../src/features/chatbot/schema.ts';
import { ask } from '../../src/features/chatbot/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint, optionalUser } from '../../src/server/http.ts';

/** Answers a chatbot question with the configured model, within the day's caps. */
export default endpoint({
  method: 'POST',
  body: askRequest,
  botCheck: 'submit',
  handle: async ({ req, context, body, requestId }) => {
    const user = await optionalUser(req);
    const answer = await ask(
      body,
      { address: clientAddress(req, context), username: user?.username, session: user?.session },
      requestId,
    );
    return { status: 'Success', openAiResponse: answer.text, remaining: answer.remaining };
  },
});

export const config: Config = { path: '/api/ask-ai' };

import type { Config } from '@netlify/functions';
import { askRequest } from '../../src/features/chatbot/schema.ts';
import { ask, askStreamed } from '../../src/features/chatbot/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint, eventStream, wantsEventStream } from '../../src/server/http.ts';

/**
 * Answers a chatbot question with the configured model, within the day's caps, with the earlier
 * turns the request carries (`history`, optional). A client that sends `Accept: text/event-stream`
 * gets the answer streamed as the model writes it: `text` events, then `done` with the questions
 * left, or `error` (AskEvent in src/features/chatbot/schema.ts); refusals before the model
 * starts answering stay JSON errors. Any other client gets the spec's JSON answer. When the client
 * goes away (the request's signal), the model call is aborted and its tokens still counted. A
 * signed-in asker's turn is kept in the conversation the request names (`conversation`) as it ends.
 */
export default endpoint({
  method: 'POST',
  feature: 'chatbot',
  access: 'optional-session',
  body: askRequest,
  botCheck: 'submit',
  handle: async ({ req, context, body, requestId, caller }) => {
    const asker = { address: clientAddress(req, context), caller };
    if (wantsEventStream(req)) return eventStream(await askStreamed(body, asker, requestId, req.signal));
    const { text, ...rest } = await ask(body, asker, requestId, req.signal);
    return { status: 'Success', openAiResponse: text, ...rest };
  },
});

export const config: Config = { path: '/api/ask-ai' };

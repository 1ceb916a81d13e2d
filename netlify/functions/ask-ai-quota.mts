import type { Config } from '@netlify/functions';
import type { QuotaResponse } from '../../src/features/chatbot/schema.ts';
import { questionsLeft } from '../../src/features/chatbot/service.server.ts';
import { GUEST } from '../../src/server/caller.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint, optionalUser } from '../../src/server/http.ts';

/** Answers how many questions the visitor (guest or signed in) may still ask the chatbot today. */
export default endpoint({
  method: 'GET',
  handle: async ({ req, context }): Promise<QuotaResponse> => {
    const user = await optionalUser(req);
    return {
      remaining: await questionsLeft({ address: clientAddress(req, context), caller: user ?? GUEST }),
    };
  },
});

export const config: Config = { path: '/api/ask-ai/quota' };

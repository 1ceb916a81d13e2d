import type { Config } from '@netlify/functions';
import { contactRequest } from '../../src/features/contact/schema.ts';
import { sendContactMessage } from '../../src/features/contact/service.server.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/** Stores a visitor's message for the owner and mails it on. */
export default endpoint({
  method: 'POST',
  access: 'public',
  body: contactRequest,
  botCheck: 'contact',
  handle: async ({ req, context, body, requestId }) => {
    await sendContactMessage(body, clientAddress(req, context), requestId);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/mail/contact' };

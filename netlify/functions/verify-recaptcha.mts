import type { Config } from '@netlify/functions';
import { captchaRequest } from '../../src/features/auth/schema.ts';
import { verifyCaptcha } from '../../src/server/captcha.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/** Checks a reCAPTCHA v3 token and hands back the bot pass that login, register, order, chatbot and contact require. */
export default endpoint({
  method: 'POST',
  access: 'public',
  body: captchaRequest,
  handle: ({ req, context, body }) => verifyCaptcha(body, clientAddress(req, context), new URL(req.url).hostname),
});

export const config: Config = { path: '/api/verify-recaptcha' };

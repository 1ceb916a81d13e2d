import type { Config } from '@netlify/functions';
import { captchaRequest } from '../../src/features/auth/schema.ts';
import { verifyCaptcha } from '../../src/server/captcha.ts';
import { clientAddress } from '../../src/server/client.ts';
import { endpoint } from '../../src/server/http.ts';

/** Checks a reCAPTCHA v3 token before login, register, order and chatbot calls. */
export default endpoint({
  method: 'POST',
  body: captchaRequest,
  handle: ({ req, context, body }) => verifyCaptcha(body.recaptchaToken, clientAddress(req, context)),
});

export const config: Config = { path: '/api/verify-recaptcha' };

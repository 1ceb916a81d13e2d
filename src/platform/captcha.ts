// The browser half of the bot check: a reCAPTCHA v3 token for an action. Google's script loads
// only when PUBLIC_RECAPTCHA_SITE_KEY is set; without it the token is empty and the server
// decides (it approves in local runs and refuses in production).

interface ReCaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
  }
}

import { apiRequest } from './api-client.ts';

export type CaptchaAction = 'login' | 'submit';

/** The server's verdict on a bot-check token. */
export interface CaptchaResponse {
  actionApproved: boolean;
  message: string;
}

const siteKey: string | undefined = import.meta.env.PUBLIC_RECAPTCHA_SITE_KEY || undefined;
let loading: Promise<ReCaptcha | undefined> | undefined;

/** Loads reCAPTCHA once (when configured) and resolves when it can issue tokens. */
export function captchaReady(): Promise<ReCaptcha | undefined> {
  if (!siteKey) return Promise.resolve(undefined);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => window.grecaptcha?.ready(() => resolve(window.grecaptcha));
    script.onerror = () => {
      loading = undefined; // let a later attempt try again
      reject(new Error('The bot check could not be loaded. Please check your connection and try again.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Returns a token proving the visitor is human for `action` (empty when the check is off). */
export async function captchaToken(action: CaptchaAction): Promise<string> {
  const grecaptcha = await captchaReady();
  return grecaptcha && siteKey ? grecaptcha.execute(siteKey, { action }) : '';
}

/** Asks the server whether a bot-check token lets the visitor proceed. */
export function verifyCaptcha(recaptchaToken: string): Promise<CaptchaResponse> {
  return apiRequest('verify-recaptcha', { method: 'POST', body: { recaptchaToken } });
}

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

import type { CaptchaAction } from '../lib/captcha-actions.ts';
import { apiRequest } from './api-client.ts';

/**
 * The server's verdict on a bot-check token; approved with the check on, it carries the
 * bot pass the action's request sends.
 */
export interface CaptchaResponse {
  actionApproved: boolean;
  message: string;
  botPass?: string;
}

/** The bot check's script could not be loaded; its message is the one a form shows. */
export class BotCheckUnavailable extends Error {
  constructor() {
    super('The bot check could not be loaded. Please check your connection and try again.');
    this.name = 'BotCheckUnavailable';
  }
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
      reject(new BotCheckUnavailable());
    };
    document.head.append(script);
  });
  return loading;
}

/** Returns a token proving the visitor is human for `action` (empty when the check is off). */
async function captchaToken(action: CaptchaAction): Promise<string> {
  const grecaptcha = await captchaReady();
  return grecaptcha && siteKey ? grecaptcha.execute(siteKey, { action }) : '';
}

/** Runs the bot check for `action`: a token from Google, then the server's verdict and bot pass. */
export async function passBotCheck(action: CaptchaAction): Promise<CaptchaResponse> {
  const recaptchaToken = await captchaToken(action);
  return apiRequest('verify-recaptcha', { method: 'POST', body: { recaptchaToken, action } });
}

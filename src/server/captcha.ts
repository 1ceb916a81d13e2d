// The bot check: Google reCAPTCHA v3, verified on the server. Without a secret it approves in
// local and test runs (and says so) and refuses in production.
import { AppError } from './app-error.ts';
import { isLocalRun, optionalEnv } from './env.ts';

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** The actions the site's pages ask tokens for (login, register and order use login; chatbot submit). */
export const CAPTCHA_ACTIONS = ['login', 'submit'] as const;
const DEFAULT_MIN_SCORE = 0.5;
const TIMEOUT_MS = 5000;

export interface CaptchaVerdict {
  actionApproved: boolean;
  message: string;
}

interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

/** Checks a reCAPTCHA v3 token with Google and decides whether the visitor may proceed. */
export async function verifyCaptcha(token: string, remoteIp: string): Promise<CaptchaVerdict> {
  const secret = optionalEnv('RECAPTCHA_SECRET_KEY');
  if (!secret) {
    if (isLocalRun()) return { actionApproved: true, message: 'The bot check is disabled on this server.' };
    console.error('RECAPTCHA_SECRET_KEY is not set: the bot check refuses everyone.');
    throw new AppError('unavailable', 'The bot check is not configured on this server.');
  }
  if (!token)
    return { actionApproved: false, message: 'The bot check did not run. Please reload the page and try again.' };

  const answer = await askGoogle(secret, token, remoteIp);
  const minScore = Number(optionalEnv('RECAPTCHA_MIN_SCORE') ?? DEFAULT_MIN_SCORE);
  if (!answer.success) return { actionApproved: false, message: 'The bot check failed. Please try again.' };
  if (!CAPTCHA_ACTIONS.includes(answer.action as (typeof CAPTCHA_ACTIONS)[number])) {
    return { actionApproved: false, message: 'The bot check was for another page. Please try again.' };
  }
  if (typeof answer.score !== 'number' || answer.score < minScore) {
    return { actionApproved: false, message: 'The bot check could not tell you from a bot. Please try again later.' };
  }
  return { actionApproved: true, message: 'Verified.' };
}

async function askGoogle(secret: string, token: string, remoteIp: string): Promise<SiteverifyAnswer> {
  const url = optionalEnv('RECAPTCHA_VERIFY_URL') ?? SITEVERIFY_URL;
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp !== 'unknown') body.set('remoteip', remoteIp);
  try {
    const response = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    return (await response.json()) as SiteverifyAnswer;
  } catch (error) {
    console.error('reCAPTCHA siteverify failed:', error);
    throw new AppError('unavailable', 'The bot check service could not be reached. Please try again later.');
  }
}

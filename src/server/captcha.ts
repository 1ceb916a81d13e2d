// The bot check: Google reCAPTCHA v3, decided by the server. /api/verify-recaptcha checks a token
// with Google and, when it passes, hands back a bot pass: a short-lived token signed here, bound to
// the check's action and the visitor's address, which the endpoints that cost money or make
// accounts require. BOT_CHECK=off switches the check off (those endpoints then rely on their rate
// limits alone); without a secret, local and test runs approve (and say so) and production refuses.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { addressTag } from './client.ts';
import type { PassSpend } from './scripts/bot-pass.ts';
import { SignJWT, errors, jwtVerify } from 'jose';
import { CAPTCHA_ACTIONS, type CaptchaAction } from '../lib/captcha-actions.ts';
import { AppError } from './app-error.ts';
import { isLocalRun, optionalEnv } from './env.ts';
import { keys } from './keys.ts';
import { type RateLimit, withinRateLimits } from './rate-limit.ts';
import { redis } from './redis.ts';
import { botCheckOff } from './settings.ts';
import { tokenSecret } from './token.ts';

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const DEFAULT_MIN_SCORE = 0.5;
const TIMEOUT_MS = 5000;
/** Long enough to finish the form the check was made for, too short to stockpile passes. */
export const BOT_PASS_SECONDS = 120;
/** The header the browser sends a bot pass in. */
export const BOT_PASS_HEADER = 'x-bot-pass';
const PASS_ISSUER = 'portfolio-site/bot-check';

/** A visitor gets a few checks per action they may take in a window (the actions have limits of their own). */
export const LIMITS = {
  checksPerAddress: { bucket: 'captcha-ip', max: 60, windowSeconds: 600 },
} satisfies Record<string, RateLimit>;

export interface CaptchaVerdict {
  actionApproved: boolean;
  message: string;
  /** The bot pass for the action, when approved with the check on. */
  botPass?: string;
}

interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
}

/** The refusal of every bot check when production has no secret and BOT_CHECK is not off. */
export const BOT_CHECK_NOT_CONFIGURED =
  'The bot check is not configured on this server: RECAPTCHA_SECRET_KEY is not set (or BOT_CHECK=off to switch it off).';

/**
 * Returns the reCAPTCHA secret when the bot check is on. Off (BOT_CHECK=off, or no secret in a
 * local run) it returns undefined; in production without a secret and not switched off it refuses.
 */
function checkSecret(): string | undefined {
  if (botCheckOff(process.env)) return undefined;
  const secret = optionalEnv('RECAPTCHA_SECRET_KEY');
  if (!secret && !isLocalRun()) {
    console.error('RECAPTCHA_SECRET_KEY is not set and BOT_CHECK is not off: the bot check refuses everyone.');
    throw new AppError('unavailable', BOT_CHECK_NOT_CONFIGURED);
  }
  return secret;
}

/**
 * Checks a reCAPTCHA v3 token with Google: its score, its action (the one the page expects, when
 * it says) and the hostname it was made on. Approved, it answers with a bot pass for that action.
 */
export async function verifyCaptcha(
  input: { recaptchaToken: string; action?: CaptchaAction | undefined },
  remoteIp: string,
  hostname: string,
): Promise<CaptchaVerdict> {
  await withinRateLimits([[LIMITS.checksPerAddress, remoteIp]]);
  const secret = checkSecret();
  if (!secret) {
    const message = botCheckOff(process.env)
      ? 'The bot check is switched off on this server.'
      : 'The bot check is disabled on this server.';
    return { actionApproved: true, message };
  }
  if (!input.recaptchaToken)
    return { actionApproved: false, message: 'The bot check did not run. Please reload the page and try again.' };

  const answer = await askGoogle(secret, input.recaptchaToken, remoteIp);
  const minScore = Number(optionalEnv('RECAPTCHA_MIN_SCORE') ?? DEFAULT_MIN_SCORE);
  if (!answer.success) return { actionApproved: false, message: 'The bot check failed. Please try again.' };
  const action = CAPTCHA_ACTIONS.find((known) => known === answer.action);
  if (!action || (input.action && action !== input.action) || answer.hostname !== hostname) {
    return { actionApproved: false, message: 'The bot check was for another page. Please try again.' };
  }
  if (typeof answer.score !== 'number' || answer.score < minScore) {
    return { actionApproved: false, message: 'The bot check could not tell you from a bot. Please try again later.' };
  }
  return { actionApproved: true, message: 'Verified.', botPass: await signBotPass(action, remoteIp) };
}

/**
 * Refuses (403) a request for `action` that carries no valid bot pass for it from this address, or
 * one whose pass has already served a request (one round trip marks it used). Switched off
 * (BOT_CHECK=off) it lets everyone through; without a secret it lets local runs through and
 * refuses in production.
 */
export async function requireBotPass(req: Request, action: CaptchaAction, address: string): Promise<void> {
  const used = await checkBotPass(req.headers.get(BOT_PASS_HEADER), action, address);
  if (!used) return;
  const first = await redis().set(used.key, 1, { nx: true, ex: used.seconds });
  if (first === null) throw new AppError('forbidden', PASS_USED);
}

/**
 * Checks a bot pass for `action` from `address` (403 when there is none, or it is forged, expired
 * or for something else) and answers the key that marks it used, for the caller to set (SET NX, EX
 * `seconds`) in the same step as the work it allows: one request per pass. Undefined while the
 * check is off.
 */
export async function checkBotPass(
  pass: string | null | undefined,
  action: CaptchaAction,
  address: string,
): Promise<{ key: string; seconds: number } | undefined> {
  if (!checkSecret()) return undefined;
  if (!pass) throw new AppError('forbidden', 'Please complete the bot check first.');
  try {
    const { payload } = await jwtVerify(pass, passKey(), {
      algorithms: ['HS256'],
      issuer: PASS_ISSUER,
      audience: action,
      subject: addressTag(address),
      maxTokenAge: BOT_PASS_SECONDS,
    });
    if (typeof payload.exp !== 'number') throw new Error('a pass without expiry');
  } catch (error) {
    const expired = error instanceof errors.JWTExpired;
    throw new AppError(
      'forbidden',
      expired
        ? 'The bot check has expired. Please try again.'
        : 'The bot check was not passed for this. Please try again.',
    );
  }
  // One request per pass: reused within its lifetime, it would let a script run the action (a
  // login's password check, say) as often as it likes after one check.
  return { key: keys.botPassUsed(createHash('sha256').update(pass).digest('base64url')), seconds: BOT_PASS_SECONDS };
}

/**
 * What a script starting with SPEND_PASS takes for `pass` (checkBotPass's answer): with
 * the check off, a key it never writes.
 */
export function passSpend(pass: { key: string; seconds: number } | undefined): PassSpend {
  return { keys: { pass: pass?.key ?? keys.botPassUsed('') }, args: { passSeconds: pass?.seconds ?? 0 } };
}

/** The refusal of a bot pass that has already served a request. */
export const PASS_USED = 'The bot check was already used. Please try again.';

function signBotPass(action: CaptchaAction, address: string): Promise<string> {
  // Its own id: two checks in one second for one action from one address are two passes, each
  // good for one request (without it they were the same token, and the second was refused as used).
  return new SignJWT({})
    .setJti(randomUUID())
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(PASS_ISSUER)
    .setAudience(action)
    .setSubject(addressTag(address))
    .setIssuedAt()
    .setExpirationTime(`${BOT_PASS_SECONDS}s`)
    .sign(passKey());
}

/** The pass's own key, derived from the session secret, so a pass can never be read as a session. */
function passKey(): Uint8Array {
  return createHmac('sha256', tokenSecret()).update('bot-pass').digest();
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
    console.error('reCAPTCHA siteverify failed:', error instanceof Error ? error.message : String(error));
    throw new AppError('unavailable', 'The bot check service could not be reached. Please try again later.');
  }
}

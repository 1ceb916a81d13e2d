// Outgoing mail through Resend. RESEND_API_KEY switches it on; without it nothing is sent and
// callers keep what they would have mailed. Local runs and tests set RESEND_BASE_URL (which the
// client reads itself) to tools/fake-resend, so the real client and its requests are exercised.
import { Resend } from 'resend';
import { optionalEnv } from './env.ts';

export interface OutgoingMail {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** Resend sends a mail once per key for 24 hours, so a retried request cannot mail twice. */
  idempotencyKey: string;
}

/** Where mail goes, or why it cannot be sent. */
export type MailSettings =
  { enabled: true; apiKey: string; from: string; ownerAddress: string } | { enabled: false; reason: string };

/** A mail Resend refused or could not be reached for; the message says which. */
export class MailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailError';
  }
}

// A function has about ten seconds in all; a slow mail service must not use them up.
const SEND_TIMEOUT_MS = 5000;

/** Reads the mail settings: RESEND_API_KEY, MAIL_FROM (the sender) and CONTACT_TO (the owner). */
export function mailSettings(): MailSettings {
  const apiKey = optionalEnv('RESEND_API_KEY');
  const from = optionalEnv('MAIL_FROM');
  const ownerAddress = optionalEnv('CONTACT_TO');
  if (!apiKey) return { enabled: false, reason: 'RESEND_API_KEY is not set' };
  if (!from || !ownerAddress) return { enabled: false, reason: 'MAIL_FROM and CONTACT_TO must both be set' };
  return { enabled: true, apiKey, from, ownerAddress };
}

/** Sends one plain-text mail and returns Resend's id for it; throws MailError when it is not accepted. */
export async function sendMail(apiKey: string, mail: OutgoingMail): Promise<string> {
  const { idempotencyKey, ...email } = mail;
  const { data, error } = await new Resend(apiKey).emails.send(email, {
    idempotencyKey,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  if (error || !data) {
    const status = error && 'statusCode' in error && error.statusCode ? ` (${error.statusCode})` : '';
    throw new MailError(`Resend refused the mail${status}: ${error?.message ?? 'no answer'}`);
  }
  return data.id;
}

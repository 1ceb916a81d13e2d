// Outgoing mail through Resend. RESEND_API_KEY switches it on; without it nothing is sent and
// callers keep what they would have mailed. Local runs and tests set RESEND_BASE_URL (which the
// client reads itself) to tools/fake-resend, so the real client and its requests are exercised.
import { Resend } from 'resend';
import { owner } from '../content/site.config.ts';
import { capFromEnv } from './daily-cap.ts';
import { optionalEnv } from './env.ts';
import { describeError, redact } from './log.ts';

export interface OutgoingMail {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** Files to attach (an .ics, say): their name, type and text. */
  attachments?: { filename: string; contentType: string; content: string }[];
  /** Resend sends a mail once per key for 24 hours, so a retried request cannot mail twice. */
  idempotencyKey: string;
}

/** Where mail goes, or why it cannot be sent. */
export type MailSettings =
  { enabled: true; apiKey: string; from: string; ownerAddress: string } | { enabled: false; reason: string };

/**
 * How a mail went: `sending` until Resend answers (a record left in it means the function stopped
 * midway), `delivered`, `undelivered` (Resend refused or was unreachable), or `not-sent` (mail is
 * not configured here, or a daily mail cap was reached: the note says which).
 */
export type Delivery = 'sending' | 'delivered' | 'undelivered' | 'not-sent';

export interface DeliveryOutcome {
  delivery: Delivery;
  /** Resend's id for a delivered mail, or why it was not delivered. */
  note: string;
}

/** A mail Resend refused or could not be reached for; the message says which. */
export class MailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailError';
  }
}

/**
 * Daily mail caps, so neither a script nor a busy day runs up the mail bill or the sender's
 * reputation. Each kind of mail (contact, order confirmations, scheduling-poll mail, RSVP
 * confirmations) has a budget of its own (the MAIL_DAILY_* settings: 0 sends none), so mail aimed at
 * strangers never stops the owner's contact mail; orders also have a cap per account. MAIL_DAILY_CAP,
 * the day's mail in all, is shared by the budgets not set; its default, 100, is Resend's free quota.
 */
export const MAIL_CAP_DEFAULTS = { perAccount: 10, total: 100 } as const;

/**
 * Each budget's share of MAIL_DAILY_CAP when it is not set: contact mail 2/5 (rounded up), order
 * and poll mail 1/5 each (rounded down), RSVP confirmations the rest, so together they are the total.
 */
export const MAIL_BUDGET_SHARES = { contact: 0.4, orders: 0.2, polls: 0.2 } as const;

export interface MailCaps {
  /** Contact mail to the owner a day. */
  contact: number;
  /** Order confirmations a day, all accounts together. */
  orders: number;
  /** Scheduling-poll mail a day (decisions to voters, organisers' digests), all polls together. */
  polls: number;
  /** Wedding RSVP confirmations a day, all households together. */
  rsvp: number;
  /** Order confirmations a day per account. */
  perAccount: number;
}

export function mailCaps(): MailCaps {
  const total = capFromEnv('MAIL_DAILY_CAP', MAIL_CAP_DEFAULTS.total);
  const contact = Math.ceil(total * MAIL_BUDGET_SHARES.contact);
  const orders = Math.floor(total * MAIL_BUDGET_SHARES.orders);
  const polls = Math.floor(total * MAIL_BUDGET_SHARES.polls);
  return {
    contact: capFromEnv('MAIL_DAILY_CONTACT_CAP', contact),
    orders: capFromEnv('MAIL_DAILY_ORDER_CAP', orders),
    polls: capFromEnv('MAIL_DAILY_POLL_CAP', polls),
    rsvp: capFromEnv('MAIL_DAILY_RSVP_CAP', Math.max(0, total - contact - orders - polls)),
    perAccount: capFromEnv('MAIL_DAILY_PER_ACCOUNT', MAIL_CAP_DEFAULTS.perAccount),
  };
}

/** The delivery note of a mail held back by a daily cap (its delivery is `not-sent`); a suffix names the cap. */
export const MAIL_CAP_NOTE = 'not sent: daily mail cap reached';

/** The names of the daily mail counters (src/server/daily-cap.ts): one per budget, and order mail per account. */
export const MAIL_COUNTERS = {
  contact: 'mail-contact',
  orders: 'mail-orders',
  polls: 'mail-polls',
  rsvp: 'mail-rsvp',
  perAccount: 'mail-account',
  /** A poll organiser's share of the poll mail (src/features/scheduling), per account. */
  pollsPerOrganiser: 'mail-poll-organiser',
  /** The organisers' digests' part of the poll mail (src/features/scheduling). */
  pollDigests: 'mail-poll-digests',
} as const;

// A function has about ten seconds in all; a slow mail service must not use them up.
const SEND_TIMEOUT_MS = 5000;

/**
 * Reads the mail settings: RESEND_API_KEY, MAIL_FROM (the sender) and the owner's inbox, CONTACT_TO
 * or else the site config's `owner.email`.
 */
export function mailSettings(): MailSettings {
  const apiKey = optionalEnv('RESEND_API_KEY');
  const from = optionalEnv('MAIL_FROM');
  if (!apiKey) return { enabled: false, reason: 'RESEND_API_KEY is not set' };
  if (!from) return { enabled: false, reason: 'MAIL_FROM is not set' };
  return { enabled: true, apiKey, from, ownerAddress: optionalEnv('CONTACT_TO') ?? owner.email };
}

/**
 * Mails `mail` to `to`, or to the owner (CONTACT_TO) when `to` is 'owner', and says how it went.
 * Mail trouble is logged under `label` and returned, never thrown: callers have already stored
 * what the mail is about, and a visitor must not resend it because the mail failed.
 */
export async function deliverMail(
  mail: Omit<OutgoingMail, 'from' | 'to'> & { to: string | 'owner' },
  label: string,
): Promise<DeliveryOutcome> {
  const settings = mailSettings();
  if (!settings.enabled) return notSent(settings.reason, label);
  const to = mail.to === 'owner' ? settings.ownerAddress : mail.to;
  try {
    return { delivery: 'delivered', note: await sendMail(settings.apiKey, { ...mail, from: settings.from, to }) };
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    console.error(`${label} stored, mail failed: ${redact(error.message)}`);
    return { delivery: 'undelivered', note: error.message };
  }
}

/**
 * Delivers the mail, then records how it went with `record`. The thing the mail is about is
 * accepted by then, so a failure to record is logged rather than thrown.
 */
export async function deliverAndRecord(
  mail: Parameters<typeof deliverMail>[0],
  label: string,
  record: (outcome: DeliveryOutcome) => Promise<unknown>,
): Promise<DeliveryOutcome> {
  const outcome = await deliverMail(mail, label);
  try {
    await record(outcome);
  } catch (error) {
    console.error(`${label}: could not record delivery '${outcome.delivery}':`, describeError(error));
  }
  return outcome;
}

function notSent(reason: string, label: string): DeliveryOutcome {
  console.warn(`${label} stored, not mailed: ${reason}.`);
  return { delivery: 'not-sent', note: reason };
}

/** Sends one plain-text mail and returns Resend's id for it; throws MailError when it is not accepted. */
export async function sendMail(apiKey: string, mail: OutgoingMail): Promise<string> {
  const { idempotencyKey, attachments, ...email } = mail;
  const files = attachments?.map(({ content, ...file }) => ({ ...file, content: Buffer.from(content, 'utf8') }));
  const { data, error } = await new Resend(apiKey).emails.send(
    { ...email, ...(files ? { attachments: files } : {}) },
    {
      idempotencyKey,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    },
  );
  if (error || !data) {
    const status = error && 'statusCode' in error && error.statusCode ? ` (${error.statusCode})` : '';
    throw new MailError(`Resend refused the mail${status}: ${error?.message ?? 'no answer'}`);
  }
  return data.id;
}

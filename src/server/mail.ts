// Outgoing mail through Resend. RESEND_API_KEY switches it on; without it nothing is sent and
// callers keep what they would have mailed. Local runs and tests set RESEND_BASE_URL (which the
// client reads itself) to tools/fake-resend, so the real client and its requests are exercised.
import { createHash } from 'node:crypto';
import { Resend } from 'resend';
import type { AskOutcome } from '../lib/email.ts';
import { utcDay } from '../lib/utc-day.ts';
import { owner } from '../content/site.config.ts';
import { capFromEnv, dailyCounter } from './daily-cap.ts';
import { optionalEnv } from './env.ts';
import { keys } from './keys.ts';
import { scaledForLocalRun } from './rate-limit.ts';
import { describeError, redact } from './log.ts';
import { LINK_LIFETIME_SECONDS, addressState, normalAddress, signMailLink } from './mail-address.ts';
import { countLink as countLinkScript } from './scripts/mail-address.ts';
import { siteUrl } from './settings.ts';

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
  /** Extra headers (List-Unsubscribe on every mail to a visitor). */
  headers?: Record<string, string>;
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
 * reputation. Each kind of mail (contact, order confirmations, scheduling-poll mail, the requests to
 * confirm an address and password resets, RSVP confirmations) has a budget of its own (the
 * MAIL_DAILY_* settings: 0 sends none), so mail aimed at strangers never stops the owner's contact
 * mail; orders also have a cap per account. MAIL_DAILY_CAP, the day's mail in all, is shared by the
 * budgets not set; its default, 100, is Resend's free quota.
 */
export const MAIL_CAP_DEFAULTS = { perAccount: 10, total: 100 } as const;

/**
 * Each budget's share of MAIL_DAILY_CAP when it is not set: contact mail 2/5 (rounded up), order
 * and poll mail 1/5 each, address mail 1/10 (rounded down), RSVP confirmations the rest, so
 * together they are the total.
 */
export const MAIL_BUDGET_SHARES = { contact: 0.4, orders: 0.2, polls: 0.2, addresses: 0.1 } as const;

export interface MailCaps {
  /** Contact mail to the owner a day. */
  contact: number;
  /** Order confirmations a day, all accounts together. */
  orders: number;
  /** Members' notification mail a day: scheduling polls' decisions to voters and digests, and forum digests. */
  polls: number;
  /** Wedding RSVP confirmations a day, all households together. */
  rsvp: number;
  /** Requests to confirm an address and password-reset links a day, all addresses together. */
  addresses: number;
  /** Order confirmations a day per account. */
  perAccount: number;
}

export function mailCaps(): MailCaps {
  const total = capFromEnv('MAIL_DAILY_CAP', MAIL_CAP_DEFAULTS.total);
  const contact = Math.ceil(total * MAIL_BUDGET_SHARES.contact);
  const orders = Math.floor(total * MAIL_BUDGET_SHARES.orders);
  const polls = Math.floor(total * MAIL_BUDGET_SHARES.polls);
  const addresses = Math.floor(total * MAIL_BUDGET_SHARES.addresses);
  return {
    contact: capFromEnv('MAIL_DAILY_CONTACT_CAP', contact),
    orders: capFromEnv('MAIL_DAILY_ORDER_CAP', orders),
    polls: capFromEnv('MAIL_DAILY_POLL_CAP', polls),
    addresses: capFromEnv('MAIL_DAILY_ADDRESS_CAP', addresses),
    rsvp: capFromEnv('MAIL_DAILY_RSVP_CAP', Math.max(0, total - contact - orders - polls - addresses)),
    perAccount: capFromEnv('MAIL_DAILY_PER_ACCOUNT', MAIL_CAP_DEFAULTS.perAccount),
  };
}

/** The delivery note of a mail held back by a daily cap (its delivery is `not-sent`); a suffix names the cap. */
export const MAIL_CAP_NOTE = 'not sent: daily mail cap reached';

/**
 * The digests' share of the day's poll mail (the scheduling polls' and the forum's): at most half,
 * taken at 00:00 UTC, so the decisions of the day always keep the other half, however many ask.
 */
export const digestShare = (cap: number) => Math.floor(cap / 2);

/** The names of the daily mail counters (src/server/daily-cap.ts): one per budget, and order mail per account. */
export const MAIL_COUNTERS = {
  contact: 'mail-contact',
  orders: 'mail-orders',
  polls: 'mail-polls',
  rsvp: 'mail-rsvp',
  perAccount: 'mail-account',
  /** A poll organiser's share of the poll mail (src/features/scheduling), per account. */
  pollsPerOrganiser: 'mail-poll-organiser',
  /** The digests' part of the poll mail (digestShare): the organisers' (src/features/scheduling) and the forum's. */
  pollDigests: 'mail-poll-digests',
  /** Requests to confirm an address and password-reset links, site-wide. */
  addresses: 'mail-addresses',
  /** Whether an address was asked to confirm today (one request a day per address). */
  askedToday: 'mail-asked',
  /** Password-reset links one address got today. */
  resetsToday: 'mail-resets',
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

/** The delivery note of a mail to an address whose holder has not confirmed it (or has unsubscribed). */
export const UNCONFIRMED_NOTE = 'not sent: address not confirmed';

/**
 * Mails `mail` to `to`, or to the owner (CONTACT_TO) when `to` is 'owner', and says how it went.
 * Any other address gets it only once its holder has confirmed it (src/server/mail-address.ts),
 * with a line and a List-Unsubscribe header that stop all mail to it in one click; `asking` is only
 * for askToConfirm's request, which goes to an address nobody has confirmed yet. Mail trouble is logged
 * under `label` and returned, never thrown: callers have already stored what the mail is about, and
 * a visitor must not resend it because the mail failed.
 */
export async function deliverMail(
  mail: Omit<OutgoingMail, 'from' | 'to'> & { to: string | 'owner' },
  label: string,
  { asking = false } = {},
): Promise<DeliveryOutcome> {
  const settings = mailSettings();
  if (!settings.enabled) return notSent(settings.reason, label);
  if (mail.to === 'owner') return send({ ...mail, to: settings.ownerAddress }, settings, label);
  // The request to confirm was counted, in the same step as the check that its address had not unsubscribed.
  if (!asking && (await addressState(mail.to)) !== 'confirmed') return notSent(UNCONFIRMED_NOTE, label);
  const unsubscribe = `${siteUrl(process.env) ?? ''}/email/?unsubscribe=${await signMailLink({ purpose: 'unsubscribe', address: normalAddress(mail.to) })}`;
  return send(
    {
      ...mail,
      text: `${mail.text}\n\n--\nTo get no more mail from this site at this address: ${unsubscribe}\n`,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
    },
    settings,
    label,
  );
}

async function send(
  mail: Omit<OutgoingMail, 'from'>,
  settings: Extract<MailSettings, { enabled: true }>,
  label: string,
): Promise<DeliveryOutcome> {
  try {
    return { delivery: 'delivered', note: await sendMail(settings.apiKey, { ...mail, from: settings.from }) };
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    console.error(`${label} stored, mail failed: ${redact(error.message)}`);
    return { delivery: 'undelivered', note: error.message };
  }
}

/**
 * Requests to confirm an address one requester (a client address, or an account) may cause a day:
 * a person's own address or two, a retry; a script mailing strangers stops here, well before the
 * site-wide budget.
 */
export const CONFIRMATIONS_PER_REQUESTER = 3;

/** Password-reset links one address gets a day: a lost mail, a second try; never a flood. */
export const RESETS_PER_ADDRESS = 3;

/**
 * Mails `address` a link that confirms it (for `account`, as that account's email; `change`: as its
 * new email), once a day per address, CONFIRMATIONS_PER_REQUESTER a day per `requester`, within the
 * day's address-mail budget, never to an address that unsubscribed. The mail holds only the site's
 * words and the link.
 */
export async function askToConfirm(
  address: string,
  { requester, account, change }: { requester: string; account?: string; change?: boolean },
  now = Date.now(),
): Promise<AskOutcome> {
  const normal = normalAddress(address);
  const counted = await countLink(normal, MAIL_COUNTERS.askedToday, 1, requester, now);
  if (counted !== 'send') return counted;
  const token = await signMailLink(
    { purpose: 'confirm', address: normal, ...(account ? { account } : {}), ...(change ? { change } : {}) },
    now,
  );
  const { site, host } = siteAddress();
  const days = LINK_LIFETIME_SECONDS.confirm / 86_400;
  return sendLink(
    {
      to: normal,
      subject: `Confirm your address for ${host}`,
      text:
        `This address was given on ${host}${account ? ' as the address of an account' : ''}. ` +
        `To receive the site's mail here, confirm it within ${days} days:\n\n${site}/email/?confirm=${token}\n\n` +
        'If it was not you, ignore this mail: nothing is sent to this address until it is confirmed.',
      idempotencyKey: `confirm-${hashOf(`${normal} ${account ?? ''} ${change ? 'change' : ''} ${utcDay(now).day}`)}`,
    },
    'Address confirmation',
  );
}

/**
 * Mails an account's verified `address` a link that sets a new password while the password is the
 * one whose hash `stamp` names (so it serves once), for an hour; RESETS_PER_ADDRESS a day per
 * address, CONFIRMATIONS_PER_REQUESTER per `requester`, within the day's address-mail budget.
 */
export async function mailPasswordReset(
  address: string,
  { requester, account, stamp }: { requester: string; account: string; stamp: string },
  now = Date.now(),
): Promise<AskOutcome> {
  const normal = normalAddress(address);
  if ((await addressState(normal)) !== 'confirmed') return 'not-sent';
  const counted = await countLink(normal, MAIL_COUNTERS.resetsToday, RESETS_PER_ADDRESS, requester, now);
  if (counted !== 'send') return counted;
  const token = await signMailLink({ purpose: 'reset', account, stamp }, now);
  const { site, host } = siteAddress();
  return sendLink(
    {
      to: normal,
      subject: `Reset your password at ${host}`,
      text:
        `Someone asked to reset the password of your account at ${host}. ` +
        `To choose a new one, follow this link within the hour:\n\n${site}/email/?reset=${token}\n\n` +
        'If it was not you, ignore this mail: your password stays as it is.',
      idempotencyKey: `reset-${hashOf(`${account} ${stamp} ${now}`)}`,
    },
    'Password reset',
  );
}

/** A part of a mail's idempotency key made from `text` (an address, a voter key) without holding it: its hash. */
export const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** The site's address for links in mail (SITE_URL; the local server sets its own), and its host name. */
function siteAddress(): { site: string; host: string } {
  const site = siteUrl(process.env) ?? '';
  return { site, host: site ? new URL(site).host : 'this site' };
}

/** Counts one mailed link to `normal` in the day's counters: none to an address that unsubscribed. */
function countLink(normal: string, perAddress: string, perAddressCap: number, requester: string, now: number) {
  const [day, dayTtl] = dailyCounter(MAIL_COUNTERS.addresses, '', now);
  const [asked] = dailyCounter(perAddress, normal, now);
  const [byRequester] = dailyCounter(MAIL_COUNTERS.addresses, requester, now);
  return countLinkScript.run(
    { states: keys.mailAddresses(), asked, requester: byRequester, day },
    {
      address: normal,
      perAddressCap,
      requesterCap: scaledForLocalRun(CONFIRMATIONS_PER_REQUESTER),
      cap: mailCaps().addresses,
      dayTtl,
    },
  );
}

async function sendLink(mail: Omit<OutgoingMail, 'from'>, label: string): Promise<AskOutcome> {
  const outcome = await deliverMail(mail, label, { asking: true });
  return outcome.delivery === 'delivered' ? 'sent' : 'not-sent';
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

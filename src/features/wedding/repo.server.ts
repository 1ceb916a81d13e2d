// The wedding's Redis access: the guest list (a hash of households by guest key), the links map
// (token hash → guest key) with the fingerprint of the key it was made with, the RSVP page's
// answers per household, and the last export's time. Every call is one round trip.
import type { Guest } from '../../content/wedding-guests.ts';
import { type Admin, commandsAsAdmin, readAsAdmin, runAsAdmin } from '../../server/admin-limit.ts';
import { dailyCounter } from '../../server/daily-cap.ts';
import { MAIL_CAP_NOTE, MAIL_COUNTERS, mailCaps } from '../../server/mail.ts';
import { normalAddress } from '../../server/mail-address.ts';
import { keys } from '../../server/keys.ts';
import { type Attempt, attemptCounter } from '../../server/rate-limit.ts';
import { hashReply } from '../../server/redis.ts';
import { secondsToWait } from '../../server/scripts/script.ts';
import { markSeen } from '../../server/scripts/seen.ts';
import { weddingKeys } from './keys.server.ts';
import * as scripts from './scripts.server.ts';
import type { HouseholdArg } from './scripts.server.ts';
import { linkToken, tokenHash } from './links.server.ts';
import { guestKey } from './logic.ts';
import { type AnswerFields, CONFIRMATIONS_PER_HOUSEHOLD_PER_DAY, type RsvpReply } from './rsvp/logic.ts';

/** The daily counter of one household's confirmations (its subject is the household's token hash). */
export const HOUSEHOLD_MAIL_COUNTER = 'mail-rsvp-household';

/** The guest list as the console reads it. */
export interface StoredList {
  guests: Guest[];
  replies: Record<string, RsvpReply>;
  /** token hash → guest key */
  links: Record<string, string>;
  /** The fingerprint of the key the links were made with, or null before any were. */
  linkKey: string | null;
  lastExportAt: number | null;
}

const parse = <T>(json: string | undefined): T | undefined => (json ? (JSON.parse(json) as T) : undefined);

/** The replies hash's entries, parsed, by guest key. */
const repliesOf = (replies: unknown): Record<string, RsvpReply> =>
  Object.fromEntries(
    Object.entries(hashReply(replies) ?? {}).map(([key, json]) => [key, parse<RsvpReply>(json) ?? {}]),
  );

/** Reads everything the console shows in one round trip, counting the admin's attempt in it. */
export async function readList(admin: Admin): Promise<StoredList> {
  const [guests, replies, links, linkKey, lastExport] = await readAsAdmin(admin, (pipe) => {
    pipe.hgetall(weddingKeys.guests());
    pipe.hgetall(weddingKeys.replies());
    pipe.hgetall(weddingKeys.links());
    pipe.get(weddingKeys.linkKey());
    pipe.get(weddingKeys.lastExport());
  });
  return {
    guests: Object.values(hashReply(guests) ?? {}).map((json) => JSON.parse(json) as Guest),
    replies: repliesOf(replies),
    links: hashReply(links) ?? {},
    linkKey: typeof linkKey === 'string' ? linkKey : null,
    lastExportAt: lastExport === null || lastExport === undefined ? null : Number(lastExport),
  };
}

/**
 * Reads the guest list, its RSVP page answers and when the owner last looked at them in the inbox, in one round trip.
 */
export async function readRsvpInbox(
  admin: Admin,
): Promise<{ guests: Guest[]; replies: Record<string, RsvpReply>; seenUntil: number }> {
  const [guests, replies, seen] = await readAsAdmin(admin, (pipe) => {
    pipe.hgetall(weddingKeys.guests());
    pipe.hgetall(weddingKeys.replies());
    pipe.get(weddingKeys.rsvpsSeen());
  });
  return {
    guests: Object.values(hashReply(guests) ?? {}).map((json) => JSON.parse(json) as Guest),
    replies: repliesOf(replies),
    seenUntil: Number(seen ?? 0),
  };
}

/** Marks the RSVP answers up to `upTo` (ms) seen by the owner. */
export async function markRsvpsSeen(admin: Admin, upTo: number): Promise<void> {
  await runAsAdmin(admin, markSeen, { seen: weddingKeys.rsvpsSeen() }, { upTo });
}

/** Each household as the scripts take it: its key, its JSON guest and its token's hash. */
export function householdArgs(guests: Guest[], key: Buffer): HouseholdArg[] {
  return guests.map((guest) => ({
    key: guestKey(guest),
    guest: JSON.stringify(guest),
    linkHash: tokenHash(linkToken(guestKey(guest), key)),
  }));
}

const listKeys = () => ({ guests: weddingKeys.guests(), links: weddingKeys.links(), linkKey: weddingKeys.linkKey() });

/** Stores the list with its links when the store has none; answers how many households it stored. */
export function storeIfEmpty(admin: Admin, fingerprint: string, households: HouseholdArg[]): Promise<number> {
  return runAsAdmin(admin, scripts.createGuestsIfEmpty, listKeys(), { fingerprint, households });
}

/** Adds the households the store lacks (with their links); answers how many it added. */
export function addMissing(admin: Admin, fingerprint: string, households: HouseholdArg[]): Promise<number> {
  return runAsAdmin(admin, scripts.addGuests, listKeys(), { fingerprint, households });
}

/** Deletes the list with its links and RSVP page answers; answers how many households there were. */
export async function dropAll(admin: Admin): Promise<number> {
  const [deleted = 0] = await commandsAsAdmin(admin, [
    ['HLEN', weddingKeys.guests()],
    ['DEL', weddingKeys.guests()],
    ['DEL', weddingKeys.links()],
    ['DEL', weddingKeys.replies()],
  ]);
  return deleted;
}

/** Replaces the list with an imported one (scripts.replaceGuests), for the operator's CLI. */
export function replaceList(fingerprint: string, force: boolean, households: HouseholdArg[]) {
  return scripts.replaceGuests.run(
    { ...listKeys(), replies: weddingKeys.replies() },
    { fingerprint, force, households },
  );
}

/** Makes the links map anew for the given households' links (scripts.syncLinks). */
export function remakeLinks(fingerprint: string, force: boolean, links: { linkHash: string; key: string }[]) {
  return scripts.syncLinks.run(listKeys(), { fingerprint, force, links });
}

/** Records the time of the list the last whole-list export was made from. */
export async function markExported(admin: Admin, asOf: number): Promise<void> {
  await commandsAsAdmin(admin, [['SET', weddingKeys.lastExport(), asOf]]);
}

export type HouseholdFound = { guest: Guest; reply: RsvpReply } | { unknown: true } | { limitedFor: number };

/** Finds a household by its token's hash, within the address's wrong-link limit (one round trip). */
export async function readHousehold(hash: string, wrongLinks: Attempt): Promise<HouseholdFound> {
  const [counter, maxWrong, wrongWindow] = attemptCounter(wrongLinks);
  const reply = await scripts.readHousehold.run(
    { wrongLinks: counter, links: weddingKeys.links(), guests: weddingKeys.guests(), replies: weddingKeys.replies() },
    { maxWrong, wrongWindow, tokenHash: hash },
  );
  if (typeof reply === 'string') return { limitedFor: secondsToWait(reply) };
  if ('unknown' in reply) return { unknown: true };
  return { guest: JSON.parse(reply.guest) as Guest, reply: parse<RsvpReply>(reply.reply) ?? {} };
}

export type AnswerSaved =
  | { saved: { key: string; guest: Guest; reply: RsvpReply; mail: scripts.RsvpMail } }
  | { unknown: true }
  | { limitedFor: number }
  | { guestTwo: 'needed' | 'none' };

/**
 * Saves an answer through its token's hash, within the address's wrong-link and answer limits and
 * the household's answer limit, counting a confirmation against the household's cap and the day's
 * RSVP budget when `wantsMail` (one round trip).
 */
export async function saveAnswer(
  hash: string,
  fields: AnswerFields,
  guestTwo: boolean,
  email: string,
  limits: { wrongLinks: Attempt; perAddress: Attempt; perHousehold: Attempt },
  now = new Date(),
): Promise<AnswerSaved> {
  const [wrong, maxWrong, wrongWindow] = attemptCounter(limits.wrongLinks);
  const [address, maxPerAddress, addressWindow] = attemptCounter(limits.perAddress);
  const [household, maxPerHousehold, householdWindow] = attemptCounter(limits.perHousehold);
  const [dayMail, dayTtl] = dailyCounter(MAIL_COUNTERS.rsvp, '', now.getTime());
  const [householdMail] = dailyCounter(HOUSEHOLD_MAIL_COUNTER, hash, now.getTime());
  const reply = await scripts.saveAnswer.run(
    {
      wrongLinks: wrong,
      addressAnswers: address,
      householdAnswers: household,
      links: weddingKeys.links(),
      guests: weddingKeys.guests(),
      replies: weddingKeys.replies(),
      dayMail,
      householdMail,
      addressStates: keys.mailAddresses(),
    },
    {
      maxWrong,
      wrongWindow,
      maxPerAddress,
      addressWindow,
      maxPerHousehold,
      householdWindow,
      tokenHash: hash,
      now: now.toISOString(),
      fields,
      guestTwo,
      address: email === '' ? '' : normalAddress(email),
      mailCap: mailCaps().rsvp,
      householdCap: CONFIRMATIONS_PER_HOUSEHOLD_PER_DAY,
      dayTtl,
      householdNote: `${MAIL_CAP_NOTE} (per household)`,
      siteNote: `${MAIL_CAP_NOTE} (RSVP mail)`,
    },
  );
  if (typeof reply === 'string') return { limitedFor: secondsToWait(reply) };
  if ('saved' in reply) {
    const { mail, key, guest, reply: recorded } = reply.saved;
    return { saved: { mail, key, guest: JSON.parse(guest) as Guest, reply: JSON.parse(recorded) as RsvpReply } };
  }
  switch (reply.refused) {
    case 'unknown':
      return { unknown: true };
    case 'needs-two':
      return { guestTwo: 'needed' };
    default:
      return { guestTwo: 'none' };
  }
}

/** Records how a confirmation went, unless a newer answer came meanwhile. */
export async function recordDelivery(key: string, submittedAt: string, delivery: string, note: string): Promise<void> {
  await scripts.recordRsvpDelivery.run({ replies: weddingKeys.replies() }, { key, submittedAt, delivery, note });
}

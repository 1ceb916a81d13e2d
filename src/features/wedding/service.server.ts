// The wedding console's use cases: the guest list with each household's RSVP link (links.server.ts)
// and answers, the export mark, and the actions that load the owner's list
// (src/content/wedding-guests.ts) or drop it, each within the admin's limit and session check
// (src/server/admin-limit.ts); the seed and the admin CLI pass OPERATOR. For the CLI: a list
// imported from CSV, and the links listed or remade.
import { WEDDING_GUESTS } from '../../content/wedding-guests.ts';
import type { Guest } from '../../content/wedding-guests.ts';
import { AppError } from '../../server/app-error.ts';
import type { Admin } from '../../server/admin-limit.ts';
import { OPERATOR } from '../../server/caller.ts';
import { linkFingerprint, linkKey, linkToken, tokenHash } from './links.server.ts';
import { WEDDING } from '../../content/wedding.ts';
import { guestKey, titleCase } from './logic.ts';
import { householdOf } from './rsvp/logic.ts';
import * as repo from './repo.server.ts';
import type {
  ConsoleHousehold,
  ConsoleRsvp,
  GuestActionResult,
  InboxRsvp,
  LinkState,
  RsvpsResponse,
} from './schema.ts';

const byName = (a: Guest, b: Guest) => titleCase(a.g1FullName).localeCompare(titleCase(b.g1FullName));

/** Which key the store's links were made with, as this server sees it. */
function linkState(stored: string | null, fingerprint: string): LinkState {
  if (stored === null) return 'none';
  return stored === fingerprint ? 'ready' : 'other-secret';
}

/**
 * Every invitation, by guest one's name, with the console's RSVP details: each household's link
 * token (when its link works), its RSVP page answer times, the last export's time and the time of
 * this read. `admin` is who asks, for the console's limit and session check. One round trip.
 */
export async function allGuests(admin: Admin): Promise<{ guests: Guest[]; rsvp: ConsoleRsvp }> {
  const readAt = Date.now();
  const stored = await repo.readList(admin);
  const key = linkKey();
  const links = linkState(stored.linkKey, linkFingerprint(key));
  const households: Record<string, ConsoleHousehold> = {};
  for (const guest of stored.guests) {
    const id = guestKey(guest);
    const token = linkToken(id, key);
    const reply = stored.replies[id] ?? {};
    households[id] = {
      link: links === 'ready' && stored.links[tokenHash(token)] === id ? token : null,
      answeredAt: reply.answeredAt ?? null,
      changedAt: reply.changedAt ?? null,
    };
  }
  return {
    guests: stored.guests.sort(byName),
    rsvp: { readAt, lastExportAt: stored.lastExportAt, links, households },
  };
}

/** Loads the owner's list into an empty store, with its links; does nothing when guests are already there. */
export async function createGuests(admin: Admin, guests: Guest[] = WEDDING_GUESTS): Promise<GuestActionResult> {
  const key = linkKey();
  const created = await repo.storeIfEmpty(admin, linkFingerprint(key), repo.householdArgs(guests, key));
  return {
    created,
    message: created ? 'The guest list is loaded.' : 'The guest list was already there; nothing changed.',
  };
}

/** Loads the invitations of the owner's list that the store does not have yet, with their links. */
export async function addNewGuests(admin: Admin, guests: Guest[] = WEDDING_GUESTS): Promise<GuestActionResult> {
  const key = linkKey();
  const created = await repo.addMissing(admin, linkFingerprint(key), repo.householdArgs(guests, key));
  return { created, message: `${created} new invitation${created === 1 ? '' : 's'} added.` };
}

/** Deletes every invitation, with its link and its RSVP page answers. */
export async function dropGuests(admin: Admin): Promise<GuestActionResult> {
  const deleted = await repo.dropAll(admin);
  return { deleted, message: 'The guest list is empty now.' };
}

/**
 * Records a whole-list export: the time of the list it was made from (`asOf`, what the console
 * read as `readAt`), never later than now. Rows answered or changed after it are marked.
 */
export async function recordExport(admin: Admin, asOf: number, now = Date.now()): Promise<number> {
  const at = Math.min(asOf, now);
  await repo.markExported(admin, at);
  return at;
}

/** Refused (reason `other-secret`): the store's links were made with another TOKEN_SECRET than this one. */
export const OTHER_SECRET =
  "The store's RSVP links were made with another TOKEN_SECRET than this one, so links made here would not work. Run this with the site's TOKEN_SECRET, or add --new-links to make new links with this one (every link sent so far stops working). Nothing was changed.";

const otherSecret = () => new AppError('conflict', OTHER_SECRET, {}, 'other-secret');

/** One household's link, as the CLI prints it. */
export interface HouseholdLink {
  name: string;
  token: string;
}

/**
 * Replaces the guest list with `guests` (an imported file, already checked: guest-csv.ts), keeping
 * the answers of the households still on it that have answered, with the links of the new list.
 * `newLinks` makes them even when the store's were made with another TOKEN_SECRET (OTHER_SECRET
 * otherwise). For the operator's CLI.
 */
export async function importGuests(
  guests: Guest[],
  { newLinks = false } = {},
): Promise<{ added: number; kept: number; removed: number; links: HouseholdLink[] }> {
  const key = linkKey();
  const reply = await repo.replaceList(linkFingerprint(key), newLinks, repo.householdArgs(guests, key));
  if ('refused' in reply) throw otherSecret();
  const { added, kept, removed } = reply;
  return { added, kept, removed, links: householdLinks(guests.map(guestKey), guests, key) };
}

/**
 * Makes every household's link anew (the list's, under this TOKEN_SECRET) and answers them by
 * name, for the operator's CLI: after a new TOKEN_SECRET (`newLinks`), or for a store whose list
 * came before links. Two round trips: the households' keys, then the links.
 */
export async function guestLinks({ newLinks = false } = {}): Promise<HouseholdLink[]> {
  const { guests } = await repo.readList(OPERATOR);
  const ids = guests.map(guestKey);
  const key = linkKey();
  const links = ids.map((id) => ({ linkHash: tokenHash(linkToken(id, key)), key: id }));
  if ((await repo.remakeLinks(linkFingerprint(key), newLinks, links)) === 'other-key') throw otherSecret();
  return householdLinks(ids, guests, key);
}

/**
 * Makes the links of a store whose list came before them (the demo seed, `migrate`); answers how
 * many it made, or null when the store's links were made with another TOKEN_SECRET (left alone).
 */
export async function ensureGuestLinks(): Promise<number | null> {
  try {
    return (await guestLinks()).length;
  } catch (error) {
    if (error instanceof AppError && error.reason === 'other-secret') return null;
    throw error;
  }
}

/** The households' names and tokens, in the console's order (by guest one's name). */
function householdLinks(ids: string[], guests: Guest[], key: Buffer): HouseholdLink[] {
  const listed = new Set(ids);
  return guests
    .filter((guest) => listed.has(guestKey(guest)))
    .sort(byName)
    .map((guest) => ({ name: titleCase(guest.g1FullName), token: linkToken(guestKey(guest), key) }));
}

/**
 * The owner's inbox: every household that answered on its RSVP page, the latest change first, and
 * how many changed since the owner last looked. One round trip, within the admin's limit.
 */
export async function rsvpInbox(admin: Admin): Promise<Omit<RsvpsResponse, 'status'>> {
  const stored = await repo.readRsvpInbox(admin);
  const answers = stored.guests
    .flatMap((guest): InboxRsvp[] => {
      const reply = stored.replies[guestKey(guest)];
      if (!reply?.changedAt) return [];
      return [{ ...householdOf(guest, reply, WEDDING.menu), changedAt: reply.changedAt, mail: reply.delivery ?? '' }];
    })
    .sort((a, b) => b.changedAt.localeCompare(a.changedAt));
  const unseen = answers.filter((answer) => Date.parse(answer.changedAt) > stored.seenUntil).length;
  return { answers, unseen, seenUntil: stored.seenUntil };
}

/** The owner has seen the RSVP answers up to `upTo` (ms). */
export function markRsvpsSeen(admin: Admin, upTo: number): Promise<void> {
  return repo.markRsvpsSeen(admin, upTo);
}

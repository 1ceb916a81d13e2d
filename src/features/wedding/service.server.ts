// The wedding guest list in Redis: one hash, a field per invitation keyed by guest one's name.
// The console's actions load the owner's list (src/content/wedding-guests.ts) or drop it;
// clearance is checked by the functions, and each action checks the admin's session in its one
// store call (src/server/session.ts); the seed passes no session.
import { WEDDING_GUESTS } from '../../content/wedding-guests.ts';
import { keys } from '../../server/keys.ts';
import { hashReply } from '../../server/redis.ts';
import { createGuestsIfEmpty } from '../../server/scripts/wedding.ts';
import { type SessionCheck, checkedRead, writeChecked } from '../../server/session.ts';
import type { Guest } from '../../content/wedding-guests.ts';
import { titleCase } from './logic.ts';

const guestKey = (guest: Guest) => guest.g1FullName.trim().toLowerCase();

export interface WeddingActionResponse {
  status: 'Success';
  created?: number;
  deleted?: number;
  message: string;
}

/** Every invitation, by guest one's name. */
export async function allGuests(session: SessionCheck | undefined): Promise<Guest[]> {
  const [reply] = await checkedRead(session, (pipe) => pipe.hgetall(keys.weddingGuests()));
  const stored = Object.values(hashReply(reply) ?? {});
  return stored
    .map((json) => JSON.parse(json) as Guest)
    .sort((a, b) => titleCase(a.g1FullName).localeCompare(titleCase(b.g1FullName)));
}

/** Loads the owner's list into an empty store; does nothing when guests are already there. */
export async function createGuests(
  session: SessionCheck | undefined,
  guests: Guest[] = WEDDING_GUESTS,
): Promise<WeddingActionResponse> {
  const args = guests.flatMap((guest) => [guestKey(guest), JSON.stringify(guest)]);
  const created = await createGuestsIfEmpty.runChecked(session, [keys.weddingGuests()], args);
  return {
    status: 'Success',
    created,
    message: created ? 'The guest list is loaded.' : 'The guest list was already there; nothing changed.',
  };
}

/** Loads the invitations of the owner's list that the store does not have yet. */
export async function addNewGuests(
  session: SessionCheck | undefined,
  guests: Guest[] = WEDDING_GUESTS,
): Promise<WeddingActionResponse> {
  const added = await writeChecked(
    session,
    guests.map((guest) => ['HSETNX', keys.weddingGuests(), guestKey(guest), JSON.stringify(guest)]),
  );
  const created = added.reduce((sum, one) => sum + Number(one), 0);
  return { status: 'Success', created, message: `${created} new invitation${created === 1 ? '' : 's'} added.` };
}

/** Deletes every invitation. */
export async function dropGuests(session: SessionCheck | undefined): Promise<WeddingActionResponse> {
  const [deleted = 0] = await writeChecked(session, [
    ['HLEN', keys.weddingGuests()],
    ['DEL', keys.weddingGuests()],
  ]);
  return { status: 'Success', deleted, message: 'The guest list is empty now.' };
}

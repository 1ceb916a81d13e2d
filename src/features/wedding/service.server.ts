// The wedding guest list in Redis: one hash, a field per invitation keyed by guest one's name.
// The console's actions load the owner's list (src/content/wedding-guests.ts) or drop it;
// clearance is checked by the functions; each action counts the admin's attempt and checks their
// session in its one store call (src/server/admin-limit.ts); the seed passes OPERATOR.
import { WEDDING_GUESTS } from '../../content/wedding-guests.ts';
import { keys } from '../../server/keys.ts';
import { type Admin, commandsAsAdmin, readAsAdmin, runAsAdmin } from '../../server/admin-limit.ts';
import { hashReply } from '../../server/redis.ts';
import { createGuestsIfEmpty } from '../../server/scripts/wedding.ts';
import type { Guest } from '../../content/wedding-guests.ts';
import { titleCase } from './logic.ts';

const guestKey = (guest: Guest) => guest.g1FullName.trim().toLowerCase();

export interface WeddingActionResponse {
  status: 'Success';
  created?: number;
  deleted?: number;
  message: string;
}

/** Every invitation, by guest one's name; `admin` is who asks, for the console's limit and session check. */
export async function allGuests(admin: Admin): Promise<Guest[]> {
  const [hash] = await readAsAdmin(admin, (pipe) => pipe.hgetall(keys.weddingGuests()));
  const stored = Object.values(hashReply(hash) ?? {});
  return stored
    .map((json) => JSON.parse(json) as Guest)
    .sort((a, b) => titleCase(a.g1FullName).localeCompare(titleCase(b.g1FullName)));
}

/** Loads the owner's list into an empty store; does nothing when guests are already there. */
export async function createGuests(admin: Admin, guests: Guest[] = WEDDING_GUESTS): Promise<WeddingActionResponse> {
  const args = guests.flatMap((guest) => [guestKey(guest), JSON.stringify(guest)]);
  const created = await runAsAdmin(admin, createGuestsIfEmpty, [keys.weddingGuests()], args);
  return {
    status: 'Success',
    created,
    message: created ? 'The guest list is loaded.' : 'The guest list was already there; nothing changed.',
  };
}

/** Loads the invitations of the owner's list that the store does not have yet. */
export async function addNewGuests(admin: Admin, guests: Guest[] = WEDDING_GUESTS): Promise<WeddingActionResponse> {
  const replies = await commandsAsAdmin(
    admin,
    guests.map((guest) => ['HSETNX', keys.weddingGuests(), guestKey(guest), JSON.stringify(guest)]),
  );
  const created = replies.reduce((sum, added) => sum + Number(added), 0);
  return { status: 'Success', created, message: `${created} new invitation${created === 1 ? '' : 's'} added.` };
}

/** Deletes every invitation. */
export async function dropGuests(admin: Admin): Promise<WeddingActionResponse> {
  const [deleted = 0] = await commandsAsAdmin(admin, [
    ['HLEN', keys.weddingGuests()],
    ['DEL', keys.weddingGuests()],
  ]);
  return { status: 'Success', deleted, message: 'The guest list is empty now.' };
}

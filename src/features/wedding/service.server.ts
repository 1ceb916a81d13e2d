// The wedding guest list in Redis: one hash, a field per invitation keyed by guest one's name.
// The console's actions load the owner's list (src/content/wedding-guests.ts) or drop it;
// clearance is checked by the functions.
import { WEDDING_GUESTS } from '../../content/wedding-guests.ts';
import { keys } from '../../server/keys.ts';
import { hashReply, redis } from '../../server/redis.ts';
import { type Guest, titleCase } from './logic.ts';

const guestKey = (guest: Guest) => guest.g1FullName.trim().toLowerCase();

// Fills the list only when it is empty. KEYS: the guests hash. ARGV: field, value, field, value…
const CREATE_IF_EMPTY = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
for i = 1, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return #ARGV / 2`;

// Deletes the list. KEYS: the guests hash. Answers how many invitations it held.
const DROP = `
local count = redis.call('HLEN', KEYS[1])
redis.call('DEL', KEYS[1])
return count`;

export interface WeddingActionResponse {
  status: 'Success';
  created?: number;
  deleted?: number;
  message: string;
}

/** Every invitation, by guest one's name. */
export async function allGuests(): Promise<Guest[]> {
  const stored = Object.values(hashReply(await redis().hgetall(keys.weddingGuests())) ?? {});
  return stored
    .map((json) => JSON.parse(json) as Guest)
    .sort((a, b) => titleCase(a.g1FullName).localeCompare(titleCase(b.g1FullName)));
}

/** Loads the owner's list into an empty store; does nothing when guests are already there. */
export async function createGuests(guests: Guest[] = WEDDING_GUESTS): Promise<WeddingActionResponse> {
  const args = guests.flatMap((guest) => [guestKey(guest), JSON.stringify(guest)]);
  const created = Number(await redis().eval(CREATE_IF_EMPTY, [keys.weddingGuests()], args));
  return {
    status: 'Success',
    created,
    message: created ? 'The guest list is loaded.' : 'The guest list was already there; nothing changed.',
  };
}

/** Loads the invitations of the owner's list that the store does not have yet. */
export async function addNewGuests(guests: Guest[] = WEDDING_GUESTS): Promise<WeddingActionResponse> {
  const pipe = redis().pipeline();
  for (const guest of guests) pipe.hsetnx(keys.weddingGuests(), guestKey(guest), JSON.stringify(guest));
  const created = (await pipe.exec()).reduce<number>((sum, added) => sum + Number(added), 0);
  return { status: 'Success', created, message: `${created} new invitation${created === 1 ? '' : 's'} added.` };
}

/** Deletes every invitation. */
export async function dropGuests(): Promise<WeddingActionResponse> {
  const deleted = Number(await redis().eval(DROP, [keys.weddingGuests()], []));
  return { status: 'Success', deleted, message: 'The guest list is empty now.' };
}

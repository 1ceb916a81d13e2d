// The guest list console's state: the invitations as last loaded (null until the first answer),
// and the console actions, each followed by a reload. Failures are logged (SPEC section 8); the
// console keeps showing what it had.
import { atom, onMount } from 'nanostores';
import { fetchGuests, runGuestAction } from './api-client.ts';
import type { Guest } from '../../content/wedding-guests.ts';

/** The invitations, or null while the first load is on its way. */
export const $guests = atom<Guest[] | null>(null);

// The list loads when the console first shows it.
onMount($guests, () => {
  void loadGuests();
});

/** (Re)loads the guest list; a failure leaves what was shown (an empty list at first). */
export async function loadGuests(): Promise<void> {
  try {
    $guests.set(await fetchGuests());
  } catch (error) {
    console.error('An error occurred fetching guests.', error);
    $guests.set($guests.get() ?? []);
  }
}

/** Runs a console action (create-guests, add-new-guests or drop-guests), then reloads the list. */
export async function runAction(action: Parameters<typeof runGuestAction>[0]): Promise<void> {
  try {
    await runGuestAction(action);
  } catch (error) {
    console.error(`An error occurred running ${action}.`, error);
  }
  await loadGuests();
}

// The guest list console's state: the invitations as last loaded (null until the first answer),
// each household's RSVP details (its link, when it answered), and the console actions, each
// followed by a reload. Failures are logged (SPEC section 8); the console keeps showing what it had.
import { atom, onMount } from 'nanostores';
import { fetchGuests, markExported, runGuestAction } from './api-client.ts';
import type { Guest } from '../../content/wedding-guests.ts';
import type { ConsoleRsvp } from './schema.ts';
import { CSV_FILE_NAME, NO_DATA, guestsCsv } from './logic.ts';

/** The invitations, or null while the first load is on its way. */
export const $guests = atom<Guest[] | null>(null);

/**
 * The households' RSVP links and answer times, with the last export's time; null until
 * loaded (or from a server without them).
 */
export const $rsvp = atom<ConsoleRsvp | null>(null);

// The list loads when the console first shows it.
onMount($guests, () => {
  void loadGuests();
});

/** (Re)loads the guest list; a failure leaves what was shown (an empty list at first). */
export async function loadGuests(): Promise<void> {
  try {
    const { guests, rsvp } = await fetchGuests();
    $rsvp.set(rsvp ?? null);
    $guests.set(guests);
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

/**
 * Records that the whole list, as loaded, was exported: rows answered or changed after it stay
 * marked. A failure is logged; the marks then stay until the next export.
 */
export async function recordExport(): Promise<void> {
  const rsvp = $rsvp.get();
  if (!rsvp) return;
  try {
    const { lastExportAt } = await markExported(rsvp.readAt);
    $rsvp.set({ ...($rsvp.get() ?? rsvp), lastExportAt });
  } catch (error) {
    console.error('An error occurred recording the export.', error);
  }
}

/**
 * Downloads the guests as a CSV file (the whole list as wedding_guests_formatted.csv unless a
 * file name is given), or says there is nothing to export.
 */
export function exportGuestsCsv(guests: Guest[], fileName = CSV_FILE_NAME): void {
  if (guests.length === 0) return window.alert(NO_DATA);
  // The byte-order mark makes spreadsheet apps read the names' accents as UTF-8.
  const blob = new Blob(['\uFEFF', guestsCsv(guests)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

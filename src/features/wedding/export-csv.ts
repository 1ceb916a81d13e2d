import type { Guest } from '../../content/wedding-guests.ts';
import { CSV_FILE_NAME, NO_DATA, guestsCsv } from './logic.ts';

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

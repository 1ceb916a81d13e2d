import type { Guest } from '../../../content/wedding-guests.ts';
import { showToast } from '../../../components/toast.ts';
import { attendance, guestKey, titleCase } from '../logic.ts';
import { changedSinceExport, formatStamp, rsvpLink } from '../rsvp/logic.ts';
import type { ConsoleRsvp } from '../schema.ts';
import { copyText } from '../../../platform/clipboard.ts';

const FIELDS = ['Name', 'Attending Wedding', 'Food Choice', 'Attending Rehearsal', 'Dietary Restrictions'];

/** One guest's five cells; empty when the invitation has no such guest. */
function guestCells(guest: Guest, which: 'g1' | 'g2') {
  const name = guest[`${which}FullName`]?.trim();
  if (!name) return FIELDS.map((field) => <td key={field} />);
  const answer = (value: string) => (value?.trim() ? attendance(value) : '');
  return [
    <td key="name">{titleCase(name)}</td>,
    <td key="wedding">{answer(guest[`${which}WeddingAccepted`])}</td>,
    <td key="food">{guest[`${which}FoodChoice`]}</td>,
    <td key="rehearsal">{answer(guest[`${which}RehearsalAccepted`])}</td>,
    <td key="dietary">{guest[`${which}DietaryRestrictions`]}</td>,
  ];
}

/** Puts a household's RSVP link on the clipboard, and says so in a toast. */
async function copyLink(token: string, name: string): Promise<void> {
  if (await copyText(rsvpLink(location.origin, token))) {
    showToast({
      title: 'Copied',
      text: `The RSVP link of ${name} is on your clipboard.`,
      variant: 'success',
      duration: 3000,
    });
  } else {
    showToast({ title: 'Not copied', text: 'The browser did not let the page use the clipboard.', variant: 'failure' });
  }
}

interface GuestTableProps {
  guests: Guest[];
  /** Each household's link and RSVP page answer times; null from a server without them. */
  rsvp: ConsoleRsvp | null;
}

/**
 * The guest list: RSVP Submitted (with when, for an answer given on the RSVP page, and a mark in
 * words on a row answered or changed since the last export), Guest One and Guest Two with their
 * answers, and each household's RSVP link to copy.
 */
export default function GuestTable({ guests, rsvp }: GuestTableProps) {
  return (
    <div className="wedding-scroll" role="region" aria-label="Guest list" tabIndex={0}>
      <table className="wedding-table">
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              RSVP Submitted
            </th>
            <th scope="colgroup" colSpan={FIELDS.length}>
              Guest One
            </th>
            <th scope="colgroup" colSpan={FIELDS.length}>
              Guest Two
            </th>
            <th scope="col" rowSpan={2}>
              RSVP Link
            </th>
          </tr>
          <tr>
            {[...FIELDS, ...FIELDS].map((field, index) => (
              <th key={index} scope="col">
                {field}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {guests.map((guest) => {
            const household = rsvp?.households[guestKey(guest)];
            const changed = changedSinceExport(household?.changedAt, rsvp?.lastExportAt ?? null);
            const name = titleCase(guest.g1FullName);
            return (
              <tr key={guest.g1FullName} className={changed ? 'wedding-changed-row' : undefined}>
                <td>
                  {guest.hasAlreadyRsvped ? 'Yes' : 'No'}
                  {household?.answeredAt && (
                    <span className="wedding-when">
                      {' '}
                      on <time dateTime={household.answeredAt}>{formatStamp(household.answeredAt)}</time>
                    </span>
                  )}
                  {changed && <span className="wedding-changed"> Changed since export</span>}
                </td>
                {guestCells(guest, 'g1')}
                {guestCells(guest, 'g2')}
                <td>
                  {household?.link ? (
                    <button
                      type="button"
                      className="button wedding-copy-link"
                      aria-label={`Copy link: ${name}`}
                      onClick={() => void copyLink(household.link!, name)}
                    >
                      Copy link
                    </button>
                  ) : (
                    <span className="wedding-note">No link yet</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

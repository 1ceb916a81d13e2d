// The wedding guest list console (SPEC sections 2, 4, 8, 9): the action buttons (the three that
// change the list stay disabled), the counts, who to follow up with, what changed on the RSVP page
// since the last export, the search and filters, the table of what they show with each
// household's RSVP link, and the CSV export of everything (recorded, for the changed marks) or of
// what is shown.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import ConfirmDialog from '../../../components/ConfirmDialog.tsx';
import { $user } from '../../../platform/session.ts';
import {
  CSV_SHOWN_FILE_NAME,
  NO_FILTER,
  countGuests,
  filterGuests,
  isFiltering,
  mealChoices,
  noMealNames,
  notRepliedLines,
} from '../logic.ts';
import { changedSinceExport, exportSummary } from '../rsvp/logic.ts';
import type { ConsoleRsvp } from '../schema.ts';
import { $guests, $rsvp, exportGuestsCsv, recordExport, runAction } from '../store.ts';
import FollowUps from './FollowUps.tsx';
import GuestCounts from './GuestCounts.tsx';
import GuestFilters from './GuestFilters.tsx';
import GuestTable from './GuestTable.tsx';
// Its styles (wedding.css) are imported by its page, which inlines them: an island brings no CSS.

export default function WeddingConsole() {
  const user = useStore($user);
  const guests = useStore($guests);
  const rsvp = useStore($rsvp);
  const [warning, setWarning] = useState(false);
  const [filter, setFilter] = useState(NO_FILTER);
  const shown = filterGuests(guests ?? [], filter);
  const invitations = guests?.length ?? 0;

  async function run(action: Parameters<typeof runAction>[0]): Promise<void> {
    setWarning(false);
    await runAction(action);
  }

  return (
    <>
      <div className="wedding-actions">
        {/* Changing the list is turned off here; the owner reloads it from the data file. */}
        <button type="button" className="button" disabled onClick={() => void run('create-guests')}>
          Create Guests
        </button>
        <button type="button" className="button" disabled onClick={() => void run('add-new-guests')}>
          Add New Guests
        </button>
        <button type="button" className="button" disabled onClick={() => setWarning(true)}>
          Delete Guests
        </button>
        {/* Until the list arrives there is nothing to export yet (not an empty list). */}
        <button
          type="button"
          className="button button-primary"
          disabled={guests === null}
          onClick={() => {
            exportGuestsCsv(guests ?? []);
            if (guests?.length) void recordExport();
          }}
        >
          Export to CSV
        </button>
      </div>
      {warning && (
        <ConfirmDialog
          id="wedding-warning"
          title="Warning"
          confirmLabel="Delete Guests"
          onConfirm={() => void run('drop-guests')}
          onCancel={() => setWarning(false)}
        >
          <p>
            This deletes all {invitations} invitation{invitations === 1 ? '' : 's'} on the guest list, with every
            guest&apos;s RSVP answers. It cannot be undone.
          </p>
        </ConfirmDialog>
      )}
      {guests === null ? (
        <p className="wedding-note">Loading guests...</p>
      ) : (
        <>
          <GuestCounts counts={countGuests(guests)} />
          <FollowUps notReplied={notRepliedLines(guests)} noMeal={noMealNames(guests)} />
          {rsvp && <RsvpStatus rsvp={rsvp} />}
          <section className="card wedding-card" aria-labelledby="wedding-clearance">
            <h2 id="wedding-clearance">Current Clearance Level: {user.clearance ?? 'N/A'}</h2>
            {guests.length === 0 ? (
              <p className="wedding-note">No guests yet.</p>
            ) : (
              <>
                <GuestFilters
                  filter={filter}
                  meals={mealChoices(guests)}
                  filtering={isFiltering(filter)}
                  shown={shown.length}
                  total={guests.length}
                  onChange={setFilter}
                  onExportShown={() => exportGuestsCsv(shown, CSV_SHOWN_FILE_NAME)}
                />
                {shown.length > 0 ? (
                  <GuestTable guests={shown} rsvp={rsvp} />
                ) : (
                  <p className="wedding-note">No invitations match the search and filters.</p>
                )}
              </>
            )}
          </section>
        </>
      )}
    </>
  );
}

const LINK_NOTES = {
  none: 'The RSVP links are not made yet: run npm run admin -- guest-links to make them and list them.',
  'other-secret':
    "The RSVP links were made with another TOKEN_SECRET, so they cannot be shown here: run npm run admin -- guest-links --new-links with this site's TOKEN_SECRET to make new ones (the links sent so far then stop working).",
} as const;

/** What the RSVP page brought since the last export, and whether the links can be copied. */
function RsvpStatus({ rsvp }: { rsvp: ConsoleRsvp }) {
  const changed = Object.values(rsvp.households).filter((household) =>
    changedSinceExport(household.changedAt, rsvp.lastExportAt),
  ).length;
  return (
    <section className="wedding-rsvp-status" aria-labelledby="wedding-rsvp-title">
      <h2 id="wedding-rsvp-title">RSVP page</h2>
      <p role="status">{exportSummary(changed, rsvp.lastExportAt)}</p>
      {changed > 0 && (
        <p className="wedding-note">Those rows say &ldquo;Changed since export&rdquo; in their RSVP Submitted cell.</p>
      )}
      {rsvp.links !== 'ready' && <p className="wedding-note">{LINK_NOTES[rsvp.links]}</p>}
    </section>
  );
}

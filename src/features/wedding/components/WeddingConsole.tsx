// The wedding guest list console (SPEC sections 2, 4, 8, 9): the action buttons (the three that
// change the list stay disabled), the counts, who to follow up with, the search and filters, the
// table of what they show, and the CSV export of everything or of what is shown.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import ConfirmDialog from '../../../components/ConfirmDialog.tsx';
import { $user } from '../../../platform/session.ts';
import { exportGuestsCsv } from '../export-csv.ts';
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
import { $guests, runAction } from '../store.ts';
import FollowUps from './FollowUps.tsx';
import GuestCounts from './GuestCounts.tsx';
import GuestFilters from './GuestFilters.tsx';
import GuestTable from './GuestTable.tsx';
// Its styles (wedding.css) are imported by its page, which inlines them: an island brings no CSS.

export default function WeddingConsole() {
  const user = useStore($user);
  const guests = useStore($guests);
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
        <button type="button" className="button button-primary" onClick={() => exportGuestsCsv(guests ?? [])}>
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
          <section className="wedding-card" aria-labelledby="wedding-clearance">
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
                  <GuestTable guests={shown} />
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

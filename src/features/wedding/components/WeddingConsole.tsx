// The wedding guest list console (SPEC sections 2, 4, 8, 9): the action buttons (the three that
// change the list stay disabled), the counts, the table, and the CSV export.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $user } from '../../../platform/session.ts';
import { exportGuestsCsv } from '../export-csv.ts';
import { countGuests } from '../logic.ts';
import { $guests, runAction } from '../store.ts';
import GuestCounts from './GuestCounts.tsx';
import GuestTable from './GuestTable.tsx';
import WarningDialog from './WarningDialog.tsx';
import './wedding.css';

export default function WeddingConsole() {
  const user = useStore($user);
  const guests = useStore($guests);
  const [warning, setWarning] = useState(false);

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
        <WarningDialog
          invitations={guests?.length ?? 0}
          onConfirm={() => void run('drop-guests')}
          onClose={() => setWarning(false)}
        />
      )}
      {guests === null ? (
        <p className="wedding-note">Loading guests...</p>
      ) : (
        <>
          <GuestCounts counts={countGuests(guests)} />
          <section className="wedding-card" aria-labelledby="wedding-clearance">
            <h2 id="wedding-clearance">Current Clearance Level: {user.clearance ?? 'N/A'}</h2>
            {guests.length === 0 ? <p className="wedding-note">No guests yet.</p> : <GuestTable guests={guests} />}
          </section>
        </>
      )}
    </>
  );
}

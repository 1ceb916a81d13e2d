import type { Guest } from '../../../content/wedding-guests.ts';
import { attendance, titleCase } from '../logic.ts';

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

/** The guest list: RSVP Submitted, then Guest One and Guest Two with their answers. */
export default function GuestTable({ guests }: { guests: Guest[] }) {
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
          {guests.map((guest) => (
            <tr key={guest.g1FullName}>
              <td>{guest.hasAlreadyRsvped ? 'Yes' : 'No'}</td>
              {guestCells(guest, 'g1')}
              {guestCells(guest, 'g2')}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

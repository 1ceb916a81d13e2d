import type { GuestCounts as Counts } from '../logic.ts';

/** The figures an organiser looks for first, above the table. */
export default function GuestCounts({ counts }: { counts: Counts }) {
  const figures: [label: string, value: number][] = [
    ['Invitations', counts.invitations],
    ['RSVPs received', counts.rsvpsReceived],
    ['RSVPs pending', counts.rsvpsPending],
    ['Attending the wedding', counts.attendingWedding],
    ['Attending the rehearsal', counts.attendingRehearsal],
    ['With dietary restrictions', counts.withDietaryRestrictions],
  ];
  return (
    <section className="wedding-counts" aria-labelledby="wedding-counts-title">
      <h2 id="wedding-counts-title" className="visually-hidden">
        Guest counts
      </h2>
      <dl className="wedding-figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>Meals</h3>
      <dl className="wedding-meals">
        {counts.meals.map(([food, count]) => (
          <div key={food}>
            <dt>{food}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

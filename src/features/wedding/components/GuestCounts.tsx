import type { GuestCounts as Counts } from '../logic.ts';

/** The figures an organiser looks for first, above the table; people figures say what they count. */
export default function GuestCounts({ counts }: { counts: Counts }) {
  const figures: [label: string, value: number, meaning?: string][] = [
    ['Invitations', counts.invitations],
    ['RSVPs received', counts.rsvpsReceived],
    ['RSVPs pending', counts.rsvpsPending],
    ['Headcount', counts.attendingWedding, 'people attending the wedding'],
    ['Declined', counts.declinedWedding, 'people not coming to the wedding'],
    ['No answer yet', counts.noWeddingAnswer, 'people yet to say yes or no'],
    ['Attending the rehearsal', counts.attendingRehearsal],
    ['With dietary restrictions', counts.withDietaryRestrictions],
  ];
  return (
    <section className="wedding-counts" aria-labelledby="wedding-counts-title">
      <h2 id="wedding-counts-title" className="visually-hidden">
        Guest counts
      </h2>
      <dl className="wedding-figures">
        {figures.map(([label, value, meaning]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
            {meaning && <dd className="wedding-figure-meaning">{meaning}</dd>}
          </div>
        ))}
      </dl>
      <p className="wedding-note">
        Headcount, Declined and No answer yet count people: an invitation for two counts twice.
      </p>
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

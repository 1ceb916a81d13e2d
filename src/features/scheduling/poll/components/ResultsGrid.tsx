// Who answered what, as Rallly shows it: a row per participant, a column per option, yes or "if
// need be" in each cell, a count row, and the best option(s) marked. It scrolls sideways on a
// phone with the names column held in place.
import { displayName, ANSWER_TEXT, bestOptions, tally } from '../logic.ts';
import type { Answer, Vote, Voter } from '../schema.ts';

/** A column: its option's id, its date (say) and a slot's time. */
type Column = { id: string; heading: string; detail?: string };

const ANSWER_MARK: Record<Answer, string> = { yes: '✓', ifNeedBe: '(✓)' };

interface GridProps {
  id: string;
  columns: Column[];
  votes: Vote[];
  /** The organiser hides the voters' names: the server names the others by the order they came. */
  namesHidden?: boolean | undefined;
}

export default function ResultsGrid({ id, columns, votes, namesHidden }: GridProps) {
  // A row per voter, told apart as the server numbers them (two accounts that had one name are two rows).
  const people = new Map<number, Voter>();
  const answerOf = new Map<string, Answer>();
  for (const vote of votes) {
    if (!people.has(vote.voter)) people.set(vote.voter, vote.user);
    answerOf.set(`${vote.voter}\n${vote.option}`, vote.answer);
  }
  const counts = tally(
    columns.map((column) => column.id),
    votes.map((vote) => ({ optionId: vote.option, answer: vote.answer })),
  );
  const best = new Set(bestOptions(counts));
  const titleId = `${id}-grid-title`;

  return (
    <div className="sched-matrix-section">
      <h2 className="sched-results-title" id={titleId}>
        Everyone’s answers
      </h2>
      {namesHidden && (
        <p className="sched-note">The organiser has hidden the voters’ names: only they see who is who.</p>
      )}
      {people.size === 0 ? (
        <p className="sched-note">No answers yet.</p>
      ) : (
        <div className="sched-matrix" role="region" aria-labelledby={titleId} tabIndex={0}>
          <table className="sched-matrix-table">
            <thead>
              <tr>
                <th scope="col">Participant</th>
                {columns.map((column) => (
                  <th key={column.id} scope="col" data-best={best.has(column.id) || undefined}>
                    <span className="sched-matrix-date">{column.heading}</span>
                    {column.detail && <span className="sched-matrix-time">{column.detail}</span>}
                    {best.has(column.id) && <span className="sched-best">★ Best</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...people].map(([key, user]) => (
                <tr key={key}>
                  <th scope="row">{displayName(user)}</th>
                  {columns.map((column) => {
                    const answer = answerOf.get(`${key}\n${column.id}`);
                    return (
                      <td key={column.id} data-answer={answer ?? 'no'} data-best={best.has(column.id) || undefined}>
                        <span aria-hidden="true">{answer ? ANSWER_MARK[answer] : '–'}</span>
                        <span className="visually-hidden">{answer ? ANSWER_TEXT[answer] : 'No'}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                {counts.map((count) => (
                  <td key={count.optionId} data-best={best.has(count.optionId) || undefined}>
                    {count.yes}
                    {count.ifNeedBe > 0 && <span className="sched-maybe-count"> +{count.ifNeedBe} if need be</span>}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}

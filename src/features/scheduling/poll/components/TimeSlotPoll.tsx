// A time-slot poll (SPEC section 2): a card per date with a toggle per slot, the name form, and
// a results table per date. Its options are the spec's schedule items (spec-polls.ts).
import { type ScheduleItem, scheduleItemOf, splitItemName } from '../../configured/logic.ts';
import type { FailureLogs } from '../store.ts';
import { useSchedulingPoll } from './use-scheduling-poll.ts';
import ResultsGrid from './ResultsGrid.tsx';
import VoterBadges from './VoterBadges.tsx';
import VoterPanel from './VoterPanel.tsx';
// Its styles (scheduling.css) are imported by PollPage.astro, which inlines them: an island brings no CSS.

/** Groups items by date, keeping their order. */
function byDate(items: ScheduleItem[]): [date: string, items: ScheduleItem[]][] {
  const groups = new Map<string, ScheduleItem[]>();
  for (const item of items) {
    const { date } = splitItemName(item.name);
    groups.set(date, [...(groups.get(date) ?? []), item]);
  }
  return [...groups];
}

const FAILURES: FailureLogs = {
  options: 'Failed to fetch schedule items',
  choices: 'Failed to fetch user choices',
  votes: 'Failed to fetch vote details',
};

export default function TimeSlotPoll({ pollId }: { pollId: string }) {
  const poll = useSchedulingPoll(pollId, FAILURES);
  if (poll.options === null) return <p className="sched-loading">Loading poll...</p>;
  const shown = byDate(poll.options.map(scheduleItemOf));
  const { voters } = poll;

  return (
    <>
      <VoterPanel poll={poll} id={pollId} />
      {shown.length === 0 && <p className="sched-note">This poll has no time slots yet.</p>}
      <div className="sched-grid">
        {shown.map(([date, items]) => (
          <section key={date} className="sched-card" aria-labelledby={`${pollId}-${date}`}>
            <h2 id={`${pollId}-${date}`}>{date}</h2>
            <div className="sched-slots" role="group" aria-label={`Time slots on ${date}`}>
              {items.map((item) => (
                <button
                  key={item._id}
                  type="button"
                  className="sched-toggle"
                  aria-pressed={poll.selected.has(item._id)}
                  disabled={!poll.canVote}
                  onClick={() => void poll.toggle(item._id)}
                >
                  {splitItemName(item.name).time}
                </button>
              ))}
            </div>
          </section>
        ))}
      </div>
      {!poll.voter && shown.length > 0 && (
        <p className="sched-note">Save your name or log in, then pick the times that suit you.</p>
      )}
      {shown.length > 0 && <h2 className="sched-results-title">Results</h2>}
      <div className="sched-grid">
        {shown.map(([date, items]) => (
          <table key={date} className="sched-table">
            <caption>{date}</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Votes</th>
                <th scope="col">Voters</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item._id}>
                  <th scope="row">{splitItemName(item.name).time}</th>
                  <td>{voters.get(item._id)?.length ?? 0}</td>
                  <td>
                    <VoterBadges voters={voters.get(item._id) ?? []} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      {shown.length > 0 && (
        <ResultsGrid
          id={pollId}
          columns={shown.flatMap(([date, items]) =>
            items.map((item) => ({ id: item._id, heading: date, detail: splitItemName(item.name).time })),
          )}
          votes={poll.votes}
        />
      )}
    </>
  );
}

// The reunion date poll (SPEC section 2): a card per date with Select/Selected, its description
// and vote count, the name form, and the 'Vote Results' table. Its options are the spec's date
// options (spec-polls.ts).
import { dateOfOption, dateOptionOf } from '../../configured/logic.ts';
import type { FailureLogs } from '../store.ts';
import { useSchedulingPoll } from './use-scheduling-poll.ts';
import ResultsGrid from './ResultsGrid.tsx';
import VoterBadges from './VoterBadges.tsx';
import VoterPanel from './VoterPanel.tsx';
// Its styles (scheduling.css) are imported by PollPage.astro, which inlines them: an island brings no CSS.

const FAILURES: FailureLogs = {
  options: 'Failed to fetch available dates',
  choices: 'Failed to fetch user date choices',
  votes: 'Failed to fetch date vote details',
};

export default function DatePoll({ pollId }: { pollId: string }) {
  const poll = useSchedulingPoll(pollId, FAILURES);
  if (poll.options === null) return <p className="sched-loading">Loading poll...</p>;
  const { voters } = poll;
  const options = poll.options.map(dateOptionOf);

  return (
    <>
      <VoterPanel poll={poll} id={pollId} />
      {options.length === 0 && <p className="sched-note">This poll has no dates yet.</p>}
      <ul className="sched-dates">
        {options.map((option) => {
          const chosen = poll.selected.has(option.name);
          const count = voters.get(option.name)?.length ?? 0;
          return (
            <li key={option.name} className="sched-card">
              <h2>{dateOfOption(option.name)}</h2>
              {option.description && <p className="sched-description">{option.description}</p>}
              <p className="sched-count">{count} vote(s)</p>
              <button
                type="button"
                className="sched-toggle"
                data-selected={chosen}
                disabled={!poll.canVote}
                onClick={() => void poll.toggle(option.name)}
              >
                {chosen ? 'Selected' : 'Select'}
                <span className="visually-hidden"> {dateOfOption(option.name)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {!poll.voter && options.length > 0 && (
        <p className="sched-note">Save your name or log in, then select the weekends that suit you.</p>
      )}
      <h2 className="sched-results-title" id={`${pollId}-results`}>
        Vote Results
      </h2>
      <table className="sched-table" aria-labelledby={`${pollId}-results`}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Votes</th>
            <th scope="col">Voters</th>
          </tr>
        </thead>
        <tbody>
          {options.map((option) => (
            <tr key={option.name}>
              <th scope="row">{dateOfOption(option.name)}</th>
              <td>{voters.get(option.name)?.length ?? 0}</td>
              <td>
                <VoterBadges voters={voters.get(option.name) ?? []} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {options.length > 0 && (
        <ResultsGrid
          id={pollId}
          columns={options.map((option) => ({ id: option.name, heading: dateOfOption(option.name) }))}
          votes={poll.votes}
        />
      )}
    </>
  );
}

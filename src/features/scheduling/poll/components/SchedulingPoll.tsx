// Every scheduling poll's island, laid out by its page's data-view: any poll by its address
// (/scheduling_polls/p/<id>), or a configured poll as the spec lays it out (SPEC section 2).
// Its styles (scheduling.css) are imported by PollPage.astro, which inlines them: an island brings no CSS.
import DecisionEmail from './DecisionEmail.tsx';
import PollComments from '../../comments/components/PollComments.tsx';
import PollShare from './PollShare.tsx';
import ResultsGrid from './ResultsGrid.tsx';
import VoterBadges from './VoterBadges.tsx';
import VoterPanel from './VoterPanel.tsx';
import ZonePicker from './ZonePicker.tsx';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { pollCalendarUrl } from '../api-client.ts';
import {
  decisionEvent,
  googleCalendarLink,
  outlookLink,
  dayLabel,
  decisionLabel,
  differsForVisitor,
  optionLabel,
} from '../../time/logic.ts';
import { pollPath, HOW_TO_ANSWER_YES_ONLY, ANSWER_TEXT } from '../logic.ts';
import type { Answer } from '../schema.ts';
import { dateOfOption, dateOptionOf, scheduleItemOf, splitItemName } from '../../configured/logic.ts';
import { $viewZone, viewerOf } from '../../time/store.ts';
import { type FailureLogs, editVoterName, saveVoterName, schedulingPoll, toggleChoice } from '../store.ts';

/** A poll's store with its actions bound to the poll id. */
function useSchedulingPoll(pollId: string, failures: FailureLogs) {
  const poll = useStore(schedulingPoll(pollId, failures));
  return {
    ...poll,
    save: (existingVoters: string[]) => saveVoterName(pollId, existingVoters),
    edit: (typed: string) => editVoterName(pollId, typed),
    toggle: (optionId: string) => toggleChoice(pollId, optionId),
  };
}

export type Poll = ReturnType<typeof useSchedulingPoll>;
export type Layout = 'options' | 'time-slots' | 'dates';

/** What each failed read logs, in the words of its page (SPEC section 8 words the configured polls'). */
const FAILURES: Record<Layout, FailureLogs> = {
  options: {
    options: 'Failed to fetch the poll',
    choices: 'Failed to fetch your answers',
    votes: 'Failed to fetch the answers',
  },
  'time-slots': {
    options: 'Failed to fetch schedule items',
    choices: 'Failed to fetch user choices',
    votes: 'Failed to fetch vote details',
  },
  dates: {
    options: 'Failed to fetch available dates',
    choices: 'Failed to fetch user date choices',
    votes: 'Failed to fetch date vote details',
  },
};

export default function SchedulingPoll({ pollId, layout }: { pollId: string; layout: Layout }) {
  const poll = useSchedulingPoll(pollId, FAILURES[layout]);
  if (layout === 'time-slots') return <TimeSlots pollId={pollId} poll={poll} />;
  if (layout === 'dates') return <Dates pollId={pollId} poll={poll} />;
  return <Options pollId={pollId} poll={poll} />;
}

const PRESSED: Record<Answer, 'true' | 'mixed'> = { yes: 'true', ifNeedBe: 'mixed' };
const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Groups items by date, keeping their order. */
function byDate<T>(items: T[], dateOf: (item: T) => string): [date: string, items: T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(dateOf(item), [...(groups.get(dateOf(item)) ?? []), item]);
  return [...groups];
}

/** Each option's votes and voters, a row each. */
function VotesTable(props: {
  first: string;
  rows: [id: string, label: string][];
  voters: Poll['voters'];
  caption?: string;
  labelledBy?: string;
}) {
  return (
    <table className="sched-table" aria-labelledby={props.labelledBy}>
      {props.caption && <caption>{props.caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{props.first}</th>
          <th scope="col">Votes</th>
          <th scope="col">Voters</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map(([id, label]) => (
          <tr key={id}>
            <th scope="row">{label}</th>
            <td>{props.voters.get(id)?.length ?? 0}</td>
            <td>
              <VoterBadges voters={props.voters.get(id) ?? []} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Options({ pollId, poll }: { pollId: string; poll: Poll }) {
  const viewer = viewerOf(useStore($viewZone));
  const { details } = poll;
  const title = details?.title;
  const yesOnly = details?.yesOnly;
  useEffect(() => {
    if (!title) return;
    document.title = `${title} · Scheduling poll`;
    const heading = document.querySelector('[data-poll-title]');
    if (heading) heading.textContent = title;
  }, [title]);
  // The page's static instructions speak of "if need be", which a yes-only poll does not take.
  useEffect(() => {
    const how = document.getElementById('poll-how');
    if (yesOnly && how) how.textContent = HOW_TO_ANSWER_YES_ONLY;
  }, [yesOnly]);

  // Keyed, so React makes the poll's own first paragraph anew instead of moving this one (a layout shift).
  if (poll.missing) {
    return (
      <p key="missing" className="sched-note">
        There is no such poll. It may have been deleted.
      </p>
    );
  }
  if (poll.options === null || !details) {
    return (
      <p key="loading" className="sched-loading">
        Loading poll...
      </p>
    );
  }
  const labels = new Map(poll.options.map((option) => [option.id, optionLabel(option, details.zone, viewer)]));
  const hasSlots = poll.options.some((option) => option.time);
  // The links need no DTSTAMP (only the .ics file, which the server makes, has one).
  const event = decisionEvent({ ...details, options: poll.options }, 0);

  return (
    <>
      {details.description && <p className="sched-description">{details.description}</p>}
      {details.location && (
        <p className="sched-where">
          <strong>Where:</strong> {details.location}
        </p>
      )}
      {hasSlots && (
        <ZonePicker
          pollId={pollId}
          zone={details.zone}
          slotMinutes={details.slotMinutes}
          differs={poll.options.some((option) => differsForVisitor(option, viewer))}
        />
      )}
      {event && (
        <section className="sched-decision" aria-labelledby={`${pollId}-decision`}>
          <h2 id={`${pollId}-decision`}>Decided: {decisionLabel({ ...details, options: poll.options }, viewer)}</h2>
          <p>The organiser has picked this option, so the poll takes no more votes.</p>
          <p className="sched-calendar">
            <a className="button button-primary" href={pollCalendarUrl(pollId)} download="decision.ics">
              Download .ics
            </a>
            <a className="button" href={googleCalendarLink(event)} {...newTab}>
              Add to Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <a className="button" href={outlookLink(event)} {...newTab}>
              Add to Outlook<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </section>
      )}
      {!event && <VoterPanel poll={poll} id={pollId} />}
      <div className="sched-grid">
        {byDate(poll.options, (option) => option.date).map(([date, options]) => (
          <section key={date} className="sched-card" aria-labelledby={`${pollId}-${date}`}>
            <h2 id={`${pollId}-${date}`}>{dayLabel(date)}</h2>
            <div className="sched-slots" role="group" aria-label={`Options on ${dayLabel(date)}`}>
              {options.map((option) => {
                const answer = poll.answers.get(option.id);
                return (
                  <button
                    key={option.id}
                    type="button"
                    className="sched-toggle"
                    aria-pressed={answer ? PRESSED[answer] : 'false'}
                    aria-describedby={event ? undefined : 'poll-how'}
                    data-answer={answer}
                    disabled={!poll.canVote}
                    onClick={() => void poll.toggle(option.id)}
                  >
                    <span className="sched-option-label">{labels.get(option.id)?.detail ?? 'All day'}</span>
                    <span className="sched-answer">{answer ? ANSWER_TEXT[answer] : 'No answer'}</span>
                  </button>
                );
              })}
            </div>
          </section>
        ))}
      </div>
      {!event && poll.selected.size > 0 && <DecisionEmail pollId={pollId} poll={poll} />}
      <ResultsGrid
        id={pollId}
        columns={poll.options.map((option) => ({ id: option.id, ...labels.get(option.id)! }))}
        votes={poll.votes}
      />
      <PollComments pollId={pollId} poll={poll} />
      <section className="sched-share" aria-labelledby={`${pollId}-share`}>
        <h2 id={`${pollId}-share`}>Share this poll</h2>
        <PollShare id={pollId} path={pollPath(pollId)} title={details.title} />
      </section>
    </>
  );
}

function TimeSlots({ pollId, poll }: { pollId: string; poll: Poll }) {
  if (poll.options === null) return <p className="sched-loading">Loading poll...</p>;
  const shown = byDate(poll.options.map(scheduleItemOf), (item) => splitItemName(item.name).date);
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
          <VotesTable
            key={date}
            caption={date}
            first="Time"
            rows={items.map((item) => [item._id, splitItemName(item.name).time])}
            voters={voters}
          />
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

function Dates({ pollId, poll }: { pollId: string; poll: Poll }) {
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
      <VotesTable
        labelledBy={`${pollId}-results`}
        first="Date"
        rows={options.map((option) => [option.name, dateOfOption(option.name)])}
        voters={voters}
      />
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

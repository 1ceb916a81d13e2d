// Every scheduling poll's island, laid out by its page's data-view: any poll by its address
// (/scheduling_polls/p/<id>), or a configured poll as the spec lays it out (SPEC section 2).
// Its styles (scheduling.css) are inlined by PollPage.astro: an island brings no CSS.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import PollComments from '../../comments/components/PollComments.tsx';
import { type DateOption, dateOfOption, dateOptionOf, scheduleItemOf, splitItemName } from '../../configured/logic.ts';
import { googleCalendarLink, outlookLink } from '../../../../lib/calendar.ts';
import * as times from '../../time/logic.ts';
import { $viewZone, viewerOf } from '../../time/store.ts';
import { pollCalendarUrl } from '../api-client.ts';
import { ANSWER_TEXT, HOW_TO_ANSWER_YES_ONLY, POLL_LINK, displayName, pollPath } from '../logic.ts';
import type { Answer, Voter } from '../schema.ts';
import { type FailureLogs, type PollView, schedulingPoll, toggleChoice } from '../store.ts';
import LinkShare from '../../../../components/LinkShare.tsx';
import ResultsGrid from './ResultsGrid.tsx';
import { DecisionEmail, VoterPanel } from './VoterForms.tsx';
import ZonePicker from './ZonePicker.tsx';

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
  const poll = useStore(schedulingPoll(pollId, FAILURES[layout]));
  return layout === 'options' ? (
    <MadePoll poll={poll} />
  ) : (
    <ConfiguredPoll poll={poll} slots={layout === 'time-slots'} />
  );
}

const PRESSED: Record<Answer, 'true' | 'mixed'> = { yes: 'true', ifNeedBe: 'mixed' };
const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Groups items by date, keeping their order. */
function byDate<T>(items: T[], dateOf: (item: T) => string): [date: string, items: T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(dateOf(item), [...(groups.get(dateOf(item)) ?? []), item]);
  return [...groups];
}

/** A card per day with a button per option, each cycling the voter's answer; a made poll's also says the answer. */
function DayCards(props: {
  poll: PollView;
  days: [date: string, heading: string, options: [id: string, label: string][]][];
  made?: boolean;
  decided?: boolean;
}) {
  const { poll, made } = props;
  return (
    <div className="sched-grid">
      {props.days.map(([date, heading, options]) => (
        <section key={date} className="sched-card" aria-labelledby={`${poll.id}-${date}`}>
          <h2 id={`${poll.id}-${date}`}>{heading}</h2>
          <div className="sched-slots" role="group" aria-label={`${made ? 'Options' : 'Time slots'} on ${heading}`}>
            {options.map(([id, label]) => {
              const answer = poll.answers.get(id);
              return (
                <button
                  key={id}
                  type="button"
                  className="sched-toggle"
                  aria-pressed={answer ? PRESSED[answer] : 'false'}
                  aria-describedby={made && !props.decided ? 'poll-how' : undefined}
                  data-answer={made ? answer : undefined}
                  disabled={!poll.canVote}
                  onClick={() => void toggleChoice(poll.id, id)}
                >
                  {made ? (
                    <>
                      <span className="sched-option-label">{label}</span>
                      <span className="sched-answer">{answer ? ANSWER_TEXT[answer] : 'No answer'}</span>
                    </>
                  ) : (
                    label
                  )}
                </button>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}

function MadePoll({ poll }: { poll: PollView }) {
  const viewer = viewerOf(useStore($viewZone));
  const { details, id } = poll;
  const title = details?.title;
  const yesOnly = details?.yesOnly;
  // The page names the poll once it arrives; its static instructions speak of "if need be",
  // which a yes-only poll does not take.
  useEffect(() => {
    if (!title) return;
    document.title = `${title} · Scheduling poll`;
    const heading = document.querySelector('[data-poll-title]');
    const how = document.getElementById('poll-how');
    if (heading) heading.textContent = title;
    if (yesOnly && how) how.textContent = HOW_TO_ANSWER_YES_ONLY;
  }, [title, yesOnly]);

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
  const labels = new Map(poll.options.map((option) => [option.id, times.optionLabel(option, details.zone, viewer)]));
  const whole = { ...details, options: poll.options };
  // The links need no DTSTAMP (only the .ics file, which the server makes, has one).
  const event = times.decisionEvent(whole, 0);

  return (
    <>
      {details.description && <p className="sched-description">{details.description}</p>}
      {details.location && (
        <p className="sched-where">
          <strong>Where:</strong> {details.location}
        </p>
      )}
      {poll.options.some((option) => option.time) && (
        <ZonePicker
          pollId={id}
          zone={details.zone}
          slotMinutes={details.slotMinutes}
          differs={poll.options.some((option) => times.differsForVisitor(option, viewer))}
        />
      )}
      {event ? (
        <section className="sched-decision" aria-labelledby={`${id}-decision`}>
          <h2 id={`${id}-decision`}>Decided: {times.decisionLabel(whole, viewer)}</h2>
          <p>The organiser has picked this option, so the poll takes no more votes.</p>
          <p className="sched-calendar">
            <a className="button button-primary" href={pollCalendarUrl(id)} download="decision.ics">
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
      ) : poll.deadlinePassed ? (
        <p className="sched-note sched-deadline" role="status">
          Voting closed at its deadline, {times.instantLabel(details.deadline!, viewer)}. The organiser will pick the
          final option.
        </p>
      ) : (
        <>
          {details.deadline !== undefined && (
            <p className="sched-note sched-deadline">Voting closes {times.instantLabel(details.deadline, viewer)}.</p>
          )}
          <VoterPanel poll={poll} />
        </>
      )}
      <DayCards
        poll={poll}
        made
        decided={Boolean(event)}
        days={byDate(poll.options, (option) => option.date).map(([date, options]) => [
          date,
          times.dayLabel(date),
          options.map((option) => [option.id, labels.get(option.id)?.detail ?? 'All day']),
        ])}
      />
      {!event && poll.selected.size > 0 && <DecisionEmail poll={poll} />}
      <ResultsGrid
        id={id}
        columns={poll.options.map((option) => ({ id: option.id, ...labels.get(option.id)! }))}
        votes={poll.votes}
        namesHidden={details.votersHidden}
      />
      <PollComments poll={poll} />
      <section className="sched-share" aria-labelledby={`${id}-share`}>
        <h2 id={`${id}-share`}>Share this poll</h2>
        <LinkShare id={id} {...POLL_LINK} path={pollPath(id)} title={details.title} />
      </section>
    </>
  );
}

/** The spec's polls: its time slots, a card per date, or its reunion dates, each with its votes table. */
function ConfiguredPoll({ poll, slots }: { poll: PollView; slots: boolean }) {
  if (poll.options === null) return <p className="sched-loading">Loading poll...</p>;
  const days = byDate(poll.options.map(scheduleItemOf), (item) => splitItemName(item.name).date).map(
    ([date, items]): [string, string, [string, string][]] => [
      date,
      date,
      items.map((item) => [item._id, splitItemName(item.name).time]),
    ],
  );
  const dates = poll.options.map(dateOptionOf);
  const any = poll.options.length > 0;
  const columns = slots
    ? days.flatMap(([date, , items]) => items.map(([id, time]) => ({ id, heading: date, detail: time })))
    : dates.map((option) => ({ id: option.name, heading: dateOfOption(option.name) }));

  return (
    <>
      <VoterPanel poll={poll} />
      {!any && <p className="sched-note">{`This poll has no ${slots ? 'time slots' : 'dates'} yet.`}</p>}
      {slots ? <DayCards poll={poll} days={days} /> : <DateCards poll={poll} dates={dates} />}
      {!poll.voter && any && (
        <p className="sched-note">{`Save your name or log in, then ${slots ? 'pick the times' : 'select the weekends'} that suit you.`}</p>
      )}
      {slots ? (
        <>
          {any && <h2 className="sched-results-title">Results</h2>}
          <div className="sched-grid">
            {days.map(([date, , items]) => (
              <VotesTable key={date} caption={date} first="Time" rows={items} voters={poll.voters} />
            ))}
          </div>
        </>
      ) : (
        <>
          <h2 className="sched-results-title" id={`${poll.id}-results`}>
            Vote Results
          </h2>
          <VotesTable
            labelledBy={`${poll.id}-results`}
            first="Date"
            rows={dates.map((option) => [option.name, dateOfOption(option.name)])}
            voters={poll.voters}
          />
        </>
      )}
      {any && <ResultsGrid id={poll.id} columns={columns} votes={poll.votes} />}
    </>
  );
}

function DateCards({ poll, dates }: { poll: PollView; dates: DateOption[] }) {
  return (
    <ul className="sched-dates">
      {dates.map((option) => {
        const chosen = poll.selected.has(option.name);
        const date = dateOfOption(option.name);
        return (
          <li key={option.name} className="sched-card">
            <h2>{date}</h2>
            {option.description && <p className="sched-description">{option.description}</p>}
            <p className="sched-count">{poll.voters.get(option.name)?.length ?? 0} vote(s)</p>
            <button
              type="button"
              className="sched-toggle"
              data-selected={chosen}
              disabled={!poll.canVote}
              onClick={() => void toggleChoice(poll.id, option.name)}
            >
              {chosen ? 'Selected' : 'Select'}
              <span className="visually-hidden"> {date}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Each option's votes and voters, a row each. */
function VotesTable(props: {
  first: string;
  rows: [id: string, label: string][];
  voters: Map<string, Voter[]>;
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
        {props.rows.map(([id, label]) => {
          const voters = props.voters.get(id) ?? [];
          return (
            <tr key={id}>
              <th scope="row">{label}</th>
              <td>{voters.length}</td>
              <td>
                {voters.length === 0 ? (
                  <span className="sched-none">No votes</span>
                ) : (
                  <ul className="sched-badges">
                    {voters.map((voter, index) => (
                      // Two voters may share a name (an account and an earlier, deleted one of the name).
                      <li key={`${index}:${voter.username}`} className="sched-badge">
                        {displayName(voter)}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

// Any poll at /scheduling_polls/p/<id> (made by a member or in the console, or a configured one): its
// title (in the page's static heading), description, place and time zones (the poll's, and the
// visitor's own or one they pick); the decision with calendar links once the organiser has picked
// one; the name form; a button per option that cycles yes → if need be → no; everyone's answers;
// the comments; and the poll's link to share.
// Its styles (scheduling.css) are imported by PollPage.astro, which inlines them: an island brings no CSS.
import DecisionEmail from './DecisionEmail.tsx';
import PollComments from '../../comments/components/PollComments.tsx';
import PollShare from './PollShare.tsx';
import ResultsGrid from './ResultsGrid.tsx';
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
import { type PollOption, pollPath, HOW_TO_ANSWER_YES_ONLY, ANSWER_TEXT, type Answer } from '../logic.ts';
import { $viewZone, viewerOf } from '../../time/store.ts';
import type { FailureLogs } from '../store.ts';
import { useSchedulingPoll } from './use-scheduling-poll.ts';

const PRESSED: Record<Answer, 'true' | 'mixed'> = { yes: 'true', ifNeedBe: 'mixed' };
const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Options grouped by day, in order. */
function byDay(options: PollOption[]): [date: string, options: PollOption[]][] {
  const groups = new Map<string, PollOption[]>();
  for (const option of options) groups.set(option.date, [...(groups.get(option.date) ?? []), option]);
  return [...groups];
}

const FAILURES: FailureLogs = {
  options: 'Failed to fetch the poll',
  choices: 'Failed to fetch your answers',
  votes: 'Failed to fetch the answers',
};

export default function CreatedPoll({ pollId }: { pollId: string }) {
  const poll = useSchedulingPoll(pollId, FAILURES);
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
        {byDay(poll.options).map(([date, options]) => (
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

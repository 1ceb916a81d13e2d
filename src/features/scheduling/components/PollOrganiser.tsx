// The console's own polls (issue 20): a form that makes a poll (title, description, place, time
// zone, dates from a date picker, each the whole day or start times of one length), checked by the
// same rules as the server's; and the polls made so far, each with its link, voters and decision,
// to finalise, reopen or delete (after a confirmation).
import { type SubmitEvent, useEffect, useState } from 'react';
import ConfirmDialog from '../../../components/ConfirmDialog.tsx';
import Field from '../../../components/Field.tsx';
import { ApiError } from '../../../platform/api-client.ts';
import { createPoll, deletePoll, fetchPolls, finalisePoll, reopenPoll } from '../api-client.ts';
import {
  type CreatedPoll,
  MAX_POLL_OPTIONS,
  type NewPoll,
  type NewPollDay,
  newPollProblem,
  pollPath,
} from '../new-poll.ts';
import { dayLabel, decisionLabel, optionLabel } from '../option-labels.ts';
// Its styles (scheduling.css) are imported by the scheduling console page, which inlines them: an island brings no CSS.

type ListedPoll = CreatedPoll & { voters: number };
const SLOT_LENGTHS = [30, 60, 90, 120, 180];
const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
const reason = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

const blankPoll = (): NewPoll => ({
  title: '',
  description: '',
  location: '',
  zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  days: [],
  slotMinutes: 60,
});

export default function PollOrganiser() {
  const [polls, setPolls] = useState<ListedPoll[] | null>(null);
  const [listError, setListError] = useState('');
  const load = () =>
    fetchPolls().then(
      (list) => {
        setPolls(list);
        setListError('');
      },
      (error: unknown) => setListError(reason(error)),
    );
  useEffect(() => void load(), []);

  return (
    <div className="organiser">
      <NewPollForm onCreated={() => void load()} />
      <section aria-labelledby="made-polls-title">
        <h2 id="made-polls-title">Your polls</h2>
        {listError && (
          <p className="field-error" role="alert">
            {listError}
          </p>
        )}
        {polls === null && !listError && <p className="sched-loading">Loading polls...</p>}
        {polls?.length === 0 && <p className="sched-note">No polls yet: make one above.</p>}
        <ul className="made-polls">
          {polls?.map((poll) => (
            <MadePoll key={poll.id} poll={poll} onChanged={() => void load()} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function NewPollForm({ onCreated }: { onCreated(poll: CreatedPoll): void }) {
  const [poll, setPoll] = useState<NewPoll>(blankPoll);
  const [picked, setPicked] = useState('');
  const [error, setError] = useState('');
  const [created, setCreated] = useState<CreatedPoll | undefined>();
  const [busy, setBusy] = useState(false);
  const edit = (fields: Partial<NewPoll>) => setPoll((current) => ({ ...current, ...fields }));
  const editDay = (date: string, change: (day: NewPollDay) => NewPollDay) =>
    edit({ days: poll.days.map((day) => (day.date === date ? change(day) : day)) });

  const addDate = () => {
    if (!picked) return setError('Please pick a date first.');
    if (poll.days.some((day) => day.date === picked)) return setError(`${picked} is picked already.`);
    edit({ days: [...poll.days, { date: picked, slots: [] }].sort((a, b) => a.date.localeCompare(b.date)) });
    setError('');
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = newPollProblem(poll, Date.now());
    if (problem) return setError(problem);
    setBusy(true);
    setError('');
    try {
      const answer = await createPoll(poll);
      setCreated(answer.poll);
      setPoll(blankPoll());
      onCreated(answer.poll);
    } catch (failure) {
      setError(reason(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="new-poll-title" className="sched-card new-poll">
      <h2 id="new-poll-title">New poll</h2>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Field
          id="poll-title"
          label="Title"
          className="text-input"
          value={poll.title}
          maxLength={100}
          required
          onChange={(event) => edit({ title: event.target.value })}
        />
        <Field
          as="textarea"
          id="poll-description"
          label="Description"
          optional
          className="text-input"
          rows={3}
          maxLength={1000}
          value={poll.description}
          onChange={(event) => edit({ description: event.target.value })}
        />
        <Field
          id="poll-location"
          label="Location"
          optional
          className="text-input"
          value={poll.location}
          maxLength={200}
          onChange={(event) => edit({ location: event.target.value })}
        />
        <Field
          as="select"
          id="poll-zone"
          label="Time zone"
          className="text-input"
          value={poll.zone}
          onChange={(event) => edit({ zone: event.target.value })}
        >
          {(ZONES.includes(poll.zone) ? ZONES : [poll.zone, ...ZONES]).map((zone) => (
            <option key={zone}>{zone}</option>
          ))}
        </Field>
        <fieldset className="new-poll-dates">
          <legend>Dates</legend>
          <Field
            id="poll-date"
            label="Date"
            className="text-input"
            type="date"
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
            action={
              <button type="button" className="button" onClick={addDate}>
                Add date
              </button>
            }
          />
          {poll.days.length === 0 && <p className="field-hint">No dates yet.</p>}
          <ul className="new-poll-days">
            {poll.days.map((day) => (
              <DayEditor
                key={day.date}
                day={day}
                onChange={(change) => editDay(day.date, change)}
                onRemove={() => edit({ days: poll.days.filter((each) => each.date !== day.date) })}
              />
            ))}
          </ul>
        </fieldset>
        <Field
          as="select"
          id="poll-length"
          label="Slot length"
          className="text-input"
          value={poll.slotMinutes}
          onChange={(event) => edit({ slotMinutes: Number(event.target.value) })}
          hint={`For the dates with start times. At most ${MAX_POLL_OPTIONS} options in all.`}
        >
          {SLOT_LENGTHS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes < 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}`}
            </option>
          ))}
        </Field>
        <p className="field-error" role="alert">
          {error}
        </p>
        <button type="submit" className="button button-primary" disabled={busy}>
          Create poll
        </button>
        <p role="status" className="new-poll-done">
          {created && (
            <>
              Poll created: <a href={pollPath(created.id)}>{created.title}</a>. Share its link with the group.
            </>
          )}
        </p>
      </form>
    </section>
  );
}

/** One picked date: the whole day, or start times added one by one. */
function DayEditor({
  day,
  onChange,
  onRemove,
}: {
  day: NewPollDay;
  onChange(change: (day: NewPollDay) => NewPollDay): void;
  onRemove(): void;
}) {
  const [time, setTime] = useState('19:00');
  const id = `poll-time-${day.date}`;
  const label = dayLabel(day.date);
  return (
    <li className="new-poll-day">
      <p className="new-poll-day-title">
        <strong>{label}</strong>: {day.slots.length === 0 ? 'the whole day' : `${day.slots.length} start time(s)`}
        <button type="button" className="link-button" onClick={onRemove}>
          Remove<span className="visually-hidden"> {label}</span>
        </button>
      </p>
      {day.slots.length > 0 && (
        <ul className="sched-badges">
          {day.slots.map((slot) => (
            <li key={slot} className="sched-badge">
              {slot}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => onChange((each) => ({ ...each, slots: each.slots.filter((other) => other !== slot) }))}
              >
                ×
                <span className="visually-hidden">
                  {' '}
                  Remove {slot} on {label}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Field
        id={id}
        label={`Start time on ${label}`}
        className="text-input"
        type="time"
        value={time}
        onChange={(event) => setTime(event.target.value)}
        action={
          <button
            type="button"
            className="button"
            onClick={() => time && onChange((each) => ({ ...each, slots: [...new Set([...each.slots, time])].sort() }))}
          >
            Add time<span className="visually-hidden"> on {label}</span>
          </button>
        }
      />
    </li>
  );
}

/** A made poll in the list: its link and state, and what the organiser can do with it. */
function MadePoll({ poll, onChanged }: { poll: ListedPoll; onChanged(): void }) {
  const [choice, setChoice] = useState(poll.options[0]?.id ?? '');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const titleId = `made-${poll.id}`;
  const act = async (action: () => Promise<unknown>) => {
    setError('');
    try {
      await action();
      onChanged();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : reason(failure));
    }
  };
  const label = (optionId: string) => {
    const option = poll.options.find((each) => each.id === optionId)!;
    const { heading, detail } = optionLabel(option, poll.zone);
    return detail ? `${heading}, ${detail}` : `${heading} (all day)`;
  };

  return (
    <li className="sched-card made-poll" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <a href={pollPath(poll.id)}>{poll.title}</a>
      </h3>
      <p className="sched-note">
        {poll.voters} voter(s) · {poll.options.length} option(s) ·{' '}
        {poll.final ? `Decided: ${decisionLabel(poll)}` : 'Open'}
      </p>
      {!poll.final && (
        <Field
          as="select"
          id={`${titleId}-final`}
          label="Final option"
          className="text-input"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          action={
            <button
              type="button"
              className="button button-primary"
              onClick={() => void act(() => finalisePoll(poll.id, choice))}
            >
              Finalise<span className="visually-hidden"> {poll.title}</span>
            </button>
          }
        >
          {poll.options.map((option) => (
            <option key={option.id} value={option.id}>
              {label(option.id)}
            </option>
          ))}
        </Field>
      )}
      <div className="made-poll-actions">
        {poll.final && (
          <button type="button" className="button" onClick={() => void act(() => reopenPoll(poll.id))}>
            Reopen<span className="visually-hidden"> {poll.title}</span>
          </button>
        )}
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          Delete<span className="visually-hidden"> {poll.title}</span>
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          id={`${titleId}-delete`}
          title="Delete this poll?"
          confirmLabel="Delete"
          onConfirm={() => void act(() => deletePoll(poll.id))}
          onCancel={() => setConfirming(false)}
        >
          <p>
            “{poll.title}” and all {poll.voters} voter(s)’ answers will be deleted. Its link will stop working.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

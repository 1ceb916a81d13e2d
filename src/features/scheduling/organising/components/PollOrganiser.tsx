// The poll organiser, a member's (their own polls, on "Your polls") or the console's (every poll):
// a form that makes a poll or changes one, and the polls made so far to finalise, reopen or delete.
// Its styles (scheduling.css) are inlined by the page: an island brings no CSS.
import { useStore } from '@nanostores/react';
import { type ChangeEvent, useState } from 'react';
import Alert from '../../../../components/Alert.tsx';
import ConfirmDialog from '../../../../components/ConfirmDialog.tsx';
import Field, { Choice } from '../../../../components/Field.tsx';
import LinkShare from '../../../../components/LinkShare.tsx';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_LOCATION_LENGTH,
  MAX_POLL_OPTIONS,
  MAX_TITLE_LENGTH,
  POLL_LINK,
  deadlineProblem,
  displayName,
  isPollId,
  keptUntil,
  pastDeadline,
  pollPath,
} from '../../poll/logic.ts';
import type { NewPollDay } from '../../poll/schema.ts';
import { localDateTime } from '../../../../lib/time-zones.ts';
import { dayLabel, decisionLabel, instantLabel, optionLabel } from '../../time/logic.ts';
import { knownZones } from '../../time/store.ts';
import * as store from '../store.ts';

const SLOT_LENGTHS = [30, 60, 90, 120, 180];
const ZONES = knownZones();

export default function PollOrganiser({ scope = 'all' }: { scope?: store.OrganiserScope }) {
  // Said once, before the list below first shows (and so loads).
  useState(() => store.chooseScope(scope));
  const polls = useStore(store.$madePolls);
  const listError = useStore(store.$listError);
  const older = useStore(store.$olderPolls);
  const loadingOlder = useStore(store.$loadingOlder);

  return (
    <div className="organiser">
      <NewPollForm />
      <section aria-labelledby="made-polls-title">
        <h2 id="made-polls-title">{scope === 'mine' ? 'Your polls' : 'Every poll'}</h2>
        <Alert className="field-error">{listError}</Alert>
        {polls === null && !listError && <p className="sched-loading">Loading polls...</p>}
        {polls?.length === 0 && <p className="sched-note">No polls yet: make one above.</p>}
        <ul className="made-polls">
          {polls?.map((poll) => (
            <MadePoll key={poll.id} poll={poll} />
          ))}
        </ul>
        {older && (
          <button type="button" className="button" disabled={loadingOlder} onClick={() => void store.loadOlderPolls()}>
            {loadingOlder ? 'Loading older polls...' : 'Load older polls'}
          </button>
        )}
      </section>
    </div>
  );
}

function NewPollForm() {
  const poll = useStore(store.$draft);
  const error = useStore(store.$draftError);
  const created = useStore(store.$created);
  const busy = useStore(store.$creating);
  const duplicated = useStore(store.$duplicated);
  const editing = useStore(store.$editing);
  const edited = useStore(store.$edited);
  const answersGoing = useStore(store.$answersGoing);
  const [picked, setPicked] = useState('');
  // The id, value and change of the field that edits the draft's `key`.
  const edits = (key: 'title' | 'description' | 'location' | 'zone') => ({
    id: `poll-${key}`,
    value: poll[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      store.editDraft({ [key]: event.target.value }),
  });

  return (
    <section aria-labelledby="new-poll-title" className="sched-card new-poll">
      <h2 id="new-poll-title">{editing ? `Edit “${editing.title}”` : 'New poll'}</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void store.saveDraft();
        }}
      >
        <Field label="Title" maxLength={MAX_TITLE_LENGTH} required {...edits('title')} />
        <Field
          as="textarea"
          label="Description"
          optional
          rows={3}
          maxLength={MAX_DESCRIPTION_LENGTH}
          {...edits('description')}
        />
        <Field label="Location" optional maxLength={MAX_LOCATION_LENGTH} {...edits('location')} />
        <Field as="select" label="Time zone" {...edits('zone')}>
          {(ZONES.includes(poll.zone) ? ZONES : [poll.zone, ...ZONES]).map((zone) => (
            <option key={zone}>{zone}</option>
          ))}
        </Field>
        <fieldset className="new-poll-dates">
          <legend>Dates</legend>
          <Field
            id="poll-date"
            label="Date"
            type="date"
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
            action={
              <button type="button" className="button" onClick={() => store.addDate(picked)}>
                Add date
              </button>
            }
          />
          {poll.days.length === 0 && <p className="field-hint">No dates yet.</p>}
          <ul className="new-poll-days">
            {poll.days.map((day) => (
              <DayEditor key={day.date} day={day} />
            ))}
          </ul>
        </fieldset>
        <Field
          as="select"
          id="poll-length"
          label="Slot length"
          value={poll.slotMinutes}
          onChange={(event) => store.editDraft({ slotMinutes: Number(event.target.value) })}
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
        <div className="made-poll-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {editing ? 'Save changes' : 'Create poll'}
          </button>
          {editing && (
            <button type="button" className="button" onClick={store.stopEdit}>
              Cancel
            </button>
          )}
        </div>
        <p role="status" className="new-poll-done">
          {created ? (
            <>
              Poll created: <a href={pollPath(created.id)}>{created.title}</a>. Share its link with the group.
            </>
          ) : (
            edited ||
            (duplicated && `“${duplicated}” is copied here: change what you need, then create it as a new poll.`)
          )}
        </p>
      </form>
      {editing && answersGoing !== null && (
        <ConfirmDialog
          id="edit-poll-answers"
          title="Delete these answers?"
          confirmLabel="Save and delete them"
          onConfirm={() => void store.saveDraft(Date.now(), answersGoing)}
          onCancel={() => store.$answersGoing.set(null)}
        >
          <p>
            The options you took out of “{editing.title}” have {answersGoing} answer(s). Saving deletes them with the
            options.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** One picked date: the whole day, or start times added one by one. */
function DayEditor({ day }: { day: NewPollDay }) {
  const [time, setTime] = useState('19:00');
  const label = dayLabel(day.date);
  return (
    <li className="new-poll-day">
      <p className="new-poll-day-title">
        <strong>{label}</strong>: {day.slots.length === 0 ? 'the whole day' : `${day.slots.length} start time(s)`}
        <button type="button" className="link-button" onClick={() => store.removeDate(day.date)}>
          Remove<span className="visually-hidden"> {label}</span>
        </button>
      </p>
      {day.slots.length > 0 && (
        <ul className="sched-badges">
          {day.slots.map((slot) => (
            <li key={slot} className="sched-badge">
              {slot}{' '}
              <button type="button" className="link-button" onClick={() => store.removeTime(day.date, slot)}>
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
        id={`poll-time-${day.date}`}
        label={`Start time on ${label}`}
        type="time"
        value={time}
        onChange={(event) => setTime(event.target.value)}
        action={
          <button type="button" className="button" onClick={() => store.addTime(day.date, time)}>
            Add time<span className="visually-hidden"> on {label}</span>
          </button>
        }
      />
    </li>
  );
}

/** The deadline a poll's votes close at by themselves: set on the organiser's clock, or taken away. */
function DeadlineSetting({ poll }: { poll: store.ListedPoll }) {
  const [typed, setTyped] = useState(poll.deadline === undefined ? '' : localDateTime(poll.deadline));
  const [problem, setProblem] = useState('');
  const id = `made-${poll.id}-deadline`;
  const set = () => {
    const deadline = typed ? new Date(typed).getTime() : NaN;
    const why = Number.isNaN(deadline)
      ? 'Choose the date and time voting closes.'
      : deadlineProblem(deadline, Date.now());
    setProblem(why ?? '');
    if (!why) void store.changeSettings(poll.id, { deadline });
  };
  const passed = pastDeadline(poll, useStore(store.$listedAt));
  return (
    <div className="made-poll-deadline">
      <Field
        id={id}
        label="Voting closes"
        type="datetime-local"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        hint={
          poll.deadline === undefined
            ? 'Optional: votes close by themselves then, and you hear of it by mail (to a verified address).'
            : passed
              ? `Voting closed at its deadline, ${instantLabel(poll.deadline)}: pick the final option.`
              : `Votes close by themselves ${instantLabel(poll.deadline)}.`
        }
        error={problem}
        action={
          <button type="button" className="button" onClick={set}>
            Set deadline<span className="visually-hidden"> of {poll.title}</span>
          </button>
        }
      />
      {poll.deadline !== undefined && (
        <button
          type="button"
          className="button"
          onClick={() => {
            setTyped('');
            void store.changeSettings(poll.id, { deadline: null });
          }}
        >
          Remove the deadline<span className="visually-hidden"> of {poll.title}</span>
        </button>
      )}
    </div>
  );
}

function MadePoll({ poll }: { poll: store.ListedPoll }) {
  const listedAt = useStore(store.$listedAt);
  const error = useStore(store.$pollErrors)[poll.id] ?? '';
  const notice = useStore(store.$pollNotices)[poll.id] ?? '';
  const confirming = useStore(store.$confirmingDelete) === poll.id;
  const [choice, setChoice] = useState(poll.options[0]?.id ?? '');
  const titleId = `made-${poll.id}`;
  const hidden = <span className="visually-hidden"> {poll.title}</span>;
  // Edit and Duplicate fill the form above with this poll, and move the focus to its title.
  const toForm = (fill: (poll: store.ListedPoll) => void) => () => {
    fill(poll);
    document.getElementById('poll-title')?.focus();
  };

  return (
    <li className="sched-card made-poll" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <a href={pollPath(poll.id)}>{poll.title}</a>
      </h3>
      <p className="sched-note">
        {poll.voters} voter(s) · {poll.options.length} option(s) ·{' '}
        {poll.final
          ? `Decided: ${decisionLabel(poll)}`
          : pastDeadline(poll, listedAt)
            ? 'Voting closed at its deadline: pick the final option'
            : 'Open'}
        {poll.organiser && ` · Made by ${poll.organiser}`}
        {/* A made poll goes with its votes, comments and addresses on this day; the configured ones stay. */}
        {isPollId(poll.id) && ` · Kept until ${keptUntil(poll)}`}
      </p>
      {!poll.final && (
        <Field
          as="select"
          id={`${titleId}-final`}
          label="Final option"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          action={
            <button
              type="button"
              className="button button-primary"
              onClick={() => void store.finalise(poll.id, choice)}
            >
              Finalise{hidden}
            </button>
          }
        >
          {poll.options.map((option) => {
            const { heading, detail } = optionLabel(option, poll.zone);
            return (
              <option key={option.id} value={option.id}>
                {detail ? `${heading}, ${detail}` : `${heading} (all day)`}
              </option>
            );
          })}
        </Field>
      )}
      <LinkShare id={titleId} {...POLL_LINK} path={pollPath(poll.id)} title={poll.title} />
      <fieldset className="made-poll-settings">
        <legend>
          Settings<span className="visually-hidden"> of {poll.title}</span>
        </legend>
        <Choice
          type="checkbox"
          label="Comments"
          checked={!poll.commentsOff}
          onChange={(event) => void store.changeSettings(poll.id, { comments: event.target.checked })}
        />
        <Choice
          type="checkbox"
          label="Email me a daily digest of new answers"
          checked={poll.digest === true}
          onChange={(event) => void store.changeSettings(poll.id, { digest: event.target.checked })}
        />
        <Choice
          type="checkbox"
          label="Hide voters’ names from everyone but the organiser"
          checked={poll.votersHidden === true}
          onChange={(event) => void store.changeSettings(poll.id, { hideVoters: event.target.checked })}
        />
        {!poll.final && <DeadlineSetting poll={poll} />}
      </fieldset>
      <PollVoters poll={poll} />
      <div className="made-poll-actions">
        {poll.final && (
          <button type="button" className="button" onClick={() => void store.reopen(poll.id)}>
            Reopen{hidden}
          </button>
        )}
        {!poll.final && !poll.yesOnly && (
          <button type="button" className="button" onClick={toForm(store.startEdit)}>
            Edit{hidden}
          </button>
        )}
        <button type="button" className="button" onClick={toForm(store.duplicate)}>
          Duplicate{hidden}
        </button>
        <button type="button" className="button button-danger" onClick={() => store.askToDelete(poll.id)}>
          Delete{hidden}
        </button>
      </div>
      <Alert className="field-error">{error}</Alert>
      <p className="sched-note" role="status">
        {notice}
      </p>
      {confirming && (
        <ConfirmDialog
          id={`${titleId}-delete`}
          title="Delete this poll?"
          confirmLabel="Delete"
          onConfirm={() => void store.confirmDelete(poll.id)}
          onCancel={store.cancelDelete}
        >
          <p>
            “{poll.title}” and all {poll.voters} voter(s)’ answers will be deleted. Its link will stop working.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

/** How a voter's mail of the decision went, in the organiser's words. */
const TOLD = {
  sending: 'being told of the decision',
  delivered: 'told of the decision',
  undelivered: 'the decision could not be delivered',
  'not-sent': 'not told: the day’s mail was used up, or mail is off',
} as const;

/** Removes, after asking, every voter who joined a poll at or after a time: a poll a script filled in one go. */
function RemoveSince({ poll }: { poll: store.ListedPoll }) {
  const [since, setSince] = useState('');
  const [asking, setAsking] = useState(false);
  const time = Date.parse(since);
  return (
    <form
      className="made-poll-since"
      onSubmit={(event) => {
        event.preventDefault();
        if (!Number.isNaN(time)) setAsking(true);
      }}
    >
      <Field
        id={`made-${poll.id}-since`}
        label="Remove everyone who joined since"
        type="datetime-local"
        required
        value={since}
        onChange={(event) => setSince(event.target.value)}
        action={
          <button type="submit" className="button button-danger">
            Remove them<span className="visually-hidden"> from {poll.title}</span>
          </button>
        }
      />
      {asking && (
        <ConfirmDialog
          id={`made-${poll.id}-remove-since`}
          title="Remove these voters?"
          confirmLabel="Remove them"
          onConfirm={() => void store.removeVotersSince(poll.id, time)}
          onCancel={() => setAsking(false)}
        >
          <p>Everyone who joined “{poll.title}” since then is removed, with all their answers.</p>
        </ConfirmDialog>
      )}
    </form>
  );
}

/** A made poll's voters, loaded when opened, each with the address they left and a Remove button that asks first. */
function PollVoters({ poll }: { poll: store.ListedPoll }) {
  const voters = useStore(store.$pollVoters)[poll.id];
  const removal = useStore(store.$confirmingRemoval);
  const confirming = removal?.pollId === poll.id ? removal.voter : undefined;
  return (
    <details
      className="made-poll-voters"
      onToggle={(event) => {
        if (event.currentTarget.open) void store.loadVoters(poll.id);
      }}
    >
      <summary>
        Voters<span className="visually-hidden"> of {poll.title}</span>
      </summary>
      {!voters && <p className="sched-loading">Loading voters...</p>}
      {voters?.length === 0 && <p className="sched-note">Nobody has answered yet.</p>}
      <ul className="made-poll-voter-list">
        {voters?.map((voter) => (
          <li key={voter.username}>
            <span>
              {displayName(voter)} · {voter.answers} answer(s)
              {voter.email && (
                <>
                  {' · '}
                  <a href={`mailto:${voter.email}`}>{voter.email}</a>
                  {voter.told && ` (${TOLD[voter.told.delivery]})`}
                </>
              )}
            </span>
            <button
              type="button"
              className="button button-danger"
              onClick={() => store.askToRemoveVoter(poll.id, voter)}
            >
              Remove<span className="visually-hidden"> {displayName(voter)}</span>
            </button>
          </li>
        ))}
      </ul>
      {voters && voters.length > 0 && <RemoveSince poll={poll} />}
      {confirming && (
        <ConfirmDialog
          id={`made-${poll.id}-remove-voter`}
          title="Remove this voter?"
          confirmLabel="Remove"
          onConfirm={() => void store.confirmRemoval(poll.id, confirming)}
          onCancel={store.cancelRemoval}
        >
          <p>
            {displayName(confirming)}’s {confirming.answers} answer(s) in “{poll.title}” will be deleted, and their name
            can be used again.
          </p>
        </ConfirmDialog>
      )}
    </details>
  );
}

// The voter's forms. Who votes: the member when logged in, else the anonymous name form (SPEC
// sections 2, 4, 5: label Name, placeholder, Save; Save locks the input, editing unlocks it). Once
// they have answered, an address to hear the organiser's pick: optional, seen only by the
// organiser, one mail with the event for a calendar; a blank field forgets the one left.
import CaptchaNotice from '../../../../components/CaptchaNotice.tsx';
import Field from '../../../../components/Field.tsx';
import { MAX_NAME_LENGTH, displayName } from '../logic.ts';
import { type PollView, editVoterEmail, editVoterName, saveVoterEmail, saveVoterName } from '../store.ts';

export function VoterPanel({ poll }: { poll: PollView }) {
  if (poll.member) {
    return (
      <p className="sched-voter">
        Voting as <strong>{displayName(poll.member)}</strong>.
      </p>
    );
  }
  const { typed, saved, error } = poll.name;
  return (
    <form
      className="sched-name"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        saveVoterName(poll.id, poll.voterNames);
      }}
    >
      <Field
        id={`${poll.id}-name`}
        label="Name"
        className={saved ? 'is-locked' : undefined}
        type="text"
        autoComplete="name"
        maxLength={MAX_NAME_LENGTH}
        placeholder="Enter your name to vote"
        value={typed}
        onChange={(event) => editVoterName(poll.id, event.target.value)}
        action={
          <button type="submit" className="button button-primary" disabled={saved}>
            Save
          </button>
        }
        live
        hint={saved ? `Saved. You are voting as ${typed.trim()}; edit the name to change it.` : ''}
        error={error}
      />
      {/* A guest's first vote and comments pass the bot check. */}
      <CaptchaNotice />
    </form>
  );
}

export function DecisionEmail({ poll }: { poll: PollView }) {
  const { typed, saved, error, sending } = poll.emailForm;
  return (
    <form
      className="sched-email"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void saveVoterEmail(poll.id);
      }}
    >
      <Field
        id={`${poll.id}-email`}
        label="Hear when it is decided"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={typed}
        onChange={(event) => editVoterEmail(poll.id, event.target.value)}
        live
        hint={
          saved
            ? `We will mail ${saved} once the organiser picks a time. Clear the field and save to forget it.`
            : 'Optional. Only the organiser sees it; you get one mail, with the event for your calendar, when they pick a time.'
        }
        error={error}
        action={
          <button type="submit" className="button" disabled={sending}>
            Save<span className="visually-hidden"> the address</span>
          </button>
        }
      />
    </form>
  );
}

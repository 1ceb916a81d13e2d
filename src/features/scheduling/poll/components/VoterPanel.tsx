// Who is voting: the member's name when logged in, else the anonymous name form (SPEC sections 2,
// 4, 5: label Name, placeholder, Save; Save locks the input, editing unlocks it).
import Field from '../../../../components/Field.tsx';
import { MAX_NAME_LENGTH, displayName } from '../logic.ts';
import type { Poll } from './SchedulingPoll.tsx';

export default function VoterPanel({ poll, id }: { poll: Poll; id: string }) {
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
        poll.save(poll.voterNames);
      }}
    >
      <Field
        id={`${id}-name`}
        label="Name"
        className={`text-input${saved ? ' is-locked' : ''}`}
        type="text"
        autoComplete="name"
        maxLength={MAX_NAME_LENGTH}
        placeholder="Enter your name to vote"
        value={typed}
        onChange={(event) => poll.edit(event.target.value)}
        action={
          <button type="submit" className="button button-primary" disabled={saved}>
            Save
          </button>
        }
        live
        hint={saved ? `Saved. You are voting as ${typed.trim()}; edit the name to change it.` : ''}
        error={error}
      />
    </form>
  );
}

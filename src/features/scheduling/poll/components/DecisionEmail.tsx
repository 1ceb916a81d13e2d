// Where a voter who has answered leaves an address to hear the organiser's pick: optional,
// seen only by the organiser, one mail with the event to put in a calendar. A member's account
// address is offered; a blank field forgets the one left.
import Field from '../../../../components/Field.tsx';
import { editVoterEmail, saveVoterEmail } from '../store.ts';
import type { Poll } from './SchedulingPoll.tsx';

export default function DecisionEmail({ pollId, poll }: { pollId: string; poll: Poll }) {
  const { typed, saved, error, sending } = poll.emailForm;
  const hint = saved
    ? `We will mail ${saved} once the organiser picks a time. Clear the field and save to forget it.`
    : 'Optional. Only the organiser sees it; you get one mail, with the event for your calendar, when they pick a time.';
  return (
    <form
      className="sched-email"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void saveVoterEmail(pollId);
      }}
    >
      <Field
        id={`${pollId}-email`}
        label="Hear when it is decided"
        className="text-input"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={typed}
        onChange={(event) => editVoterEmail(pollId, event.target.value)}
        live
        hint={hint}
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

// A household's RSVP page (/rsvp#<token>): the invitation, its events offered to a calendar, then
// the form while answers are taken, or the answers read-only after the deadline with whom to
// contact; a link that finds no household says so, the same whether it never existed or was
// removed. Its styles (rsvp.css) are imported by its page, which inlines them: an island brings no CSS.
import { useStore } from '@nanostores/react';
import type { WeddingContent } from '../../../../content/wedding.ts';
import {
  type CalendarEntry,
  type Household,
  type InvitationCalendar,
  type InvitationTimes,
  type PersonAnswer,
  RSVP_TEXT,
} from '../logic.ts';
import { $invitation } from '../store.ts';
import RsvpForm from './RsvpForm.tsx';

export default function RsvpPage() {
  const state = useStore($invitation);
  switch (state.status) {
    case 'loading':
      return <p className="rsvp-note">Loading your invitation...</p>;
    case 'invalid':
      return (
        <section className="card rsvp-card" aria-labelledby="rsvp-invalid">
          <h2 id="rsvp-invalid">{RSVP_TEXT.invalidLink}</h2>
          <p>
            Please open the whole link from your invitation, as it was sent to you. If it still does not work, ask the
            couple for your link again.
          </p>
        </section>
      );
    case 'failed':
      return (
        <p className="rsvp-problem" role="alert">
          {state.message}
        </p>
      );
    case 'ready':
      return (
        <>
          <Invitation
            invitation={state.invitation}
            times={state.times}
            calendar={state.calendar}
            household={state.household}
          />
          {state.open ? (
            <RsvpForm
              // A new form for each answer saved, so it starts from what the server kept.
              key={state.household.changedAt ?? state.household.answeredAt ?? 'new'}
              household={state.household}
              menu={state.invitation.menu}
              saved={state.saved}
            />
          ) : (
            <Closed invitation={state.invitation} times={state.times} household={state.household} />
          )}
        </>
      );
  }
}

/**
 * What the invitation's sections show: the invitation, its times and calendar entries as
 * the server made them, the household.
 */
interface InvitationProps {
  invitation: WeddingContent;
  times: InvitationTimes;
  calendar: InvitationCalendar;
  household: Household;
}

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** An event's calendar entry: its .ics file (from the text the server made) and the Google and Outlook links. */
function AddToCalendar({ entry, name, file }: { entry: CalendarEntry; name: string; file: string }) {
  return (
    <dd className="rsvp-calendar">
      <span aria-hidden="true">Add to your calendar:</span>
      <a href={`data:text/calendar;charset=utf-8,${encodeURIComponent(entry.ics)}`} download={`${file}.ics`}>
        <span className="visually-hidden">Add {name} to your calendar: </span>.ics file
      </a>
      <a href={entry.google} {...newTab}>
        <span className="visually-hidden">Add {name} to </span>Google Calendar
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <a href={entry.outlook} {...newTab}>
        <span className="visually-hidden">Add {name} to </span>Outlook
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </dd>
  );
}

/** The invitation: the couple, the wedding and the rehearsal dinner, and the deadline. */
function Invitation({ invitation, times, calendar, household }: InvitationProps) {
  const { couple, wedding, rehearsal } = invitation;
  const guestTwo = household.answer.two?.name;
  return (
    <section className="card rsvp-card rsvp-invitation" aria-labelledby="rsvp-couple">
      <p className="rsvp-greeting">
        Dear {household.guestOne}
        {guestTwo ? ` and ${guestTwo}` : household.numberOfGuests > 1 ? ' and guest' : ''},
      </p>
      <h2 id="rsvp-couple">You are invited to the wedding of {couple}</h2>
      <dl className="rsvp-details">
        {(
          [
            ['The wedding', wedding, times.wedding, calendar.wedding, 'wedding'],
            ['The rehearsal dinner', rehearsal, times.rehearsal, calendar.rehearsal, 'rehearsal-dinner'],
          ] as const
        ).map(([title, event, when, entry, file]) => (
          <div key={title}>
            <dt>{title}</dt>
            <dd>{when}</dd>
            <dd>
              {event.place}, {event.address}
            </dd>
            <AddToCalendar entry={entry} name={title.toLowerCase()} file={file} />
          </div>
        ))}
        <div>
          <dt>Please answer by</dt>
          <dd>{times.rsvpDeadline}</dd>
        </div>
      </dl>
    </section>
  );
}

const YES_NO = { yes: 'Yes', no: 'No', '': 'No answer' } as const;

/** One guest's answers, read-only. */
function Answers({ title, guest }: { title: string; guest: PersonAnswer }) {
  return (
    <div className="rsvp-answers">
      <h3>{title}</h3>
      <dl>
        <div>
          <dt>Attending the wedding</dt>
          <dd>{YES_NO[guest.wedding]}</dd>
        </div>
        {guest.wedding === 'yes' && (
          <div>
            <dt>Food choice</dt>
            <dd>{guest.food || 'Not chosen'}</dd>
          </div>
        )}
        <div>
          <dt>Attending the rehearsal dinner</dt>
          <dd>{YES_NO[guest.rehearsal]}</dd>
        </div>
        <div>
          <dt>Dietary restrictions</dt>
          <dd>{guest.dietary || 'None'}</dd>
        </div>
      </dl>
    </div>
  );
}

/** After the deadline: the answers kept, and whom to contact to change them. */
function Closed({ invitation, times, household }: Omit<InvitationProps, 'calendar'>) {
  const { contact } = invitation;
  const { answer } = household;
  return (
    <section className="card rsvp-card" aria-labelledby="rsvp-closed">
      <h2 id="rsvp-closed">The RSVP is closed</h2>
      <p>
        Answers were taken until {times.rsvpDeadline}.{' '}
        {household.answered ? 'These are your answers.' : 'We have no answer from you.'} To change anything, please
        contact {contact.name} at <a href={`mailto:${contact.email}`}>{contact.email}</a>.
      </p>
      {household.answered && (
        <div className="rsvp-answer-list">
          <Answers title={`Guest one: ${household.guestOne}`} guest={answer.one} />
          {answer.two && <Answers title={`Guest two: ${answer.two.name || 'not named'}`} guest={answer.two} />}
        </div>
      )}
    </section>
  );
}

// The RSVP form: for each guest of the household, the wedding (yes or no), a meal of the menu when
// attending, the rehearsal dinner, dietary restrictions; guest two's name; an address for a
// confirmation. Checked as the server checks it (rsvp/logic.ts answerProblems): after a first attempt,
// each problem shows beside its field and the focus goes to the first; the outcome is announced.
import { type ChangeEvent, type ReactNode, type SubmitEvent, useEffect, useRef, useState } from 'react';
import Field from '../../../../components/Field.tsx';
import { MAX_EMAIL_LENGTH } from '../../../../lib/email.ts';
import {
  type AnswerField,
  type Household,
  MAX_DIETARY_LENGTH,
  MAX_NAME_LENGTH,
  type PersonAnswer,
  type RsvpAnswer,
  answerProblems,
  cleanAnswer,
} from '../logic.ts';
import { submitAnswer } from '../store.ts';
import type { ConfirmationOutcome } from '../../schema.ts';

const fieldId = (field: AnswerField) => `rsvp-${field.replace('.', '-')}`;

const SAVED: Record<ConfirmationOutcome, string> = {
  none: 'Thank you! Your answers are saved.',
  sent: 'Thank you! Your answers are saved, and a confirmation is on its way to the address you gave.',
  'not-sent':
    'Thank you! Your answers are saved. We could not send a confirmation mail just now; your answers are kept all the same.',
  'confirm-address':
    'Thank you! Your answers are saved. The site mails only addresses that have been confirmed: if we could, we have mailed yours a link. Once you have confirmed it, send your answers again for a confirmation.',
};

interface RsvpFormProps {
  household: Household;
  menu: readonly string[];
  /** The confirmation of the answer just saved, when this form follows one. */
  saved?: ConfirmationOutcome | undefined;
}

export default function RsvpForm({ household, menu, saved }: RsvpFormProps) {
  const [answer, setAnswer] = useState<RsvpAnswer>(household.answer);
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const status = useRef<HTMLParagraphElement>(null);
  const problems = tried ? answerProblems(cleanAnswer(answer), menu, email) : [];
  const errorOf = (field: AnswerField) => problems.find((problem) => problem.field === field)?.message ?? '';

  // After a save the form starts again from what the server kept: the focus goes to what it says.
  useEffect(() => {
    if (saved) status.current?.focus();
  }, [saved]);

  const edit = (which: 'one' | 'two', change: Partial<PersonAnswer> & { name?: string }) =>
    setAnswer((current) =>
      which === 'one'
        ? { ...current, one: { ...current.one, ...change } }
        : { ...current, two: { ...current.two!, ...change } },
    );

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setTried(true);
    setFailure('');
    const cleaned = cleanAnswer(answer);
    const [first] = answerProblems(cleaned, menu, email);
    if (first) {
      document.getElementById(fieldId(first.field))?.focus();
      return;
    }
    setSending(true);
    const refused = await submitAnswer(cleaned, email.trim());
    setSending(false);
    if (refused) setFailure(refused);
  }

  const statusText = failure
    ? failure
    : problems.length
      ? `Please check the ${problems.length === 1 ? 'answer' : `${problems.length} answers`} marked below.`
      : sending
        ? 'Sending your answers...'
        : saved
          ? SAVED[saved]
          : '';

  return (
    <form
      className="card rsvp-card rsvp-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="rsvp-form-title"
    >
      <h2 id="rsvp-form-title">{household.answered ? 'Your answers' : 'Your answers, please'}</h2>
      <p className="rsvp-note">
        {household.answered
          ? 'You can change them until the deadline: change what you need and send them again.'
          : 'Every guest says whether they come to the wedding and to the rehearsal dinner.'}
      </p>
      <GuestFields
        which="one"
        legend={`Guest one: ${household.guestOne}`}
        guest={answer.one}
        menu={menu}
        errorOf={errorOf}
        onChange={(change) => edit('one', change)}
      />
      {answer.two && (
        <GuestFields
          which="two"
          legend="Guest two"
          guest={answer.two}
          menu={menu}
          errorOf={errorOf}
          onChange={(change) => edit('two', change)}
        >
          <Field
            id={fieldId('two.name')}
            label="Guest two's full name"
            type="text"
            autoComplete="off"
            maxLength={MAX_NAME_LENGTH}
            value={answer.two.name}
            error={errorOf('two.name')}
            hint="Needed when your guest comes."
            onChange={(event) => edit('two', { name: event.target.value })}
          />
        </GuestFields>
      )}
      <Field
        id={fieldId('email')}
        label="Email for a confirmation"
        optional
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={MAX_EMAIL_LENGTH}
        value={email}
        error={errorOf('email')}
        hint="We send one mail with your choices and keep no copy of the address."
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="rsvp-submit">
        <button type="submit" className="button button-primary" disabled={sending}>
          {household.answered ? 'Update RSVP' : 'Send RSVP'}
        </button>
        <p
          ref={status}
          tabIndex={-1}
          role="status"
          className={failure || problems.length ? 'rsvp-problem' : 'rsvp-status'}
        >
          {statusText}
        </p>
      </div>
    </form>
  );
}

interface GuestFieldsProps {
  which: 'one' | 'two';
  legend: string;
  guest: PersonAnswer;
  menu: readonly string[];
  errorOf(field: AnswerField): string;
  onChange(change: Partial<PersonAnswer>): void;
  /** Fields of this guest before the answers (guest two's name). */
  children?: ReactNode;
}

/** One guest's answers, in a fieldset named for the guest. */
function GuestFields({ which, legend, guest, menu, errorOf, onChange, children }: GuestFieldsProps) {
  const pick =
    (key: 'wedding' | 'rehearsal' | 'food') =>
    ({ target }: ChangeEvent<HTMLSelectElement>) =>
      onChange({ [key]: target.value });
  const yesNo = (key: 'wedding' | 'rehearsal', label: string) => (
    <Field
      as="select"
      id={fieldId(`${which}.${key}`)}
      label={label}
      value={guest[key]}
      error={errorOf(`${which}.${key}`)}
      onChange={pick(key)}
    >
      <option value="">Choose yes or no</option>
      <option value="yes">Yes, attending</option>
      <option value="no">No, not attending</option>
    </Field>
  );
  return (
    <fieldset className="rsvp-guest">
      <legend>{legend}</legend>
      {children}
      {yesNo('wedding', 'Attending the wedding?')}
      {guest.wedding === 'yes' && (
        <Field
          as="select"
          id={fieldId(`${which}.food`)}
          label="Food choice"
          value={guest.food}
          error={errorOf(`${which}.food`)}
          onChange={pick('food')}
        >
          <option value="">Choose a meal</option>
          {menu.map((meal) => (
            <option key={meal} value={meal}>
              {meal}
            </option>
          ))}
        </Field>
      )}
      {yesNo('rehearsal', 'Attending the rehearsal dinner?')}
      <Field
        id={fieldId(`${which}.dietary`)}
        label="Dietary restrictions"
        optional
        type="text"
        autoComplete="off"
        maxLength={MAX_DIETARY_LENGTH}
        value={guest.dietary}
        error={errorOf(`${which}.dietary`)}
        hint="For example: vegetarian, nut allergy."
        onChange={(event) => onChange({ dietary: event.target.value })}
      />
    </fieldset>
  );
}

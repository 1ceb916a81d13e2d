// A form field in a React island: the markup of Field.astro (styles: field.css), with the error
// shown while `error` is not empty. The control is an input, or a select or textarea with `as`
// (a select's options are its children), as in Field.astro. Choice is a radio or checkbox, whose
// label holds it and follows it (a fieldset's legend names the group).
import type { ComponentProps, ReactNode } from 'react';
import { fieldDescription } from './field.ts';

interface Own {
  id: string;
  label: string;
  optional?: boolean;
  /** Keeps the label for screen readers only, where the page around the field already says what it is for. */
  hideLabel?: boolean;
  hint?: ReactNode;
  /** The message shown while the value is wrong; empty when it is right. */
  error?: string;
  /** What acts on the value (a button), beside the control on its row. */
  action?: ReactNode;
  /** Shown in the control's place while given (what was typed, rendered); the control comes back when it goes. */
  preview?: ReactNode;
  /**
   * Shows the hint, or the error while there is one, in one line that is always there (keeping its
   * room) and is announced as it changes: for a message that answers an action, such as Save.
   */
  live?: boolean;
}

/** The control's own attributes, by the element it is. */
type Control =
  | ({ as?: 'input' } & ComponentProps<'input'>)
  | ({ as: 'select' } & ComponentProps<'select'>)
  | ({ as: 'textarea' } & ComponentProps<'textarea'>);

export type FieldProps = Own & Control;

/** The attributes Field gives every control. */
interface Described {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/** Renders the control `as` names, the caller's attributes after Field's own (as Field.astro does). */
function renderControl(control: Control, described: Described) {
  switch (control.as) {
    case 'select': {
      const { as: _as, ...select } = control;
      return <select {...described} {...select} />;
    }
    case 'textarea': {
      const { as: _as, ...textarea } = control;
      return <textarea {...described} {...textarea} />;
    }
    default: {
      const { as: _as, ...input } = control;
      return <input {...described} {...input} />;
    }
  }
}

/** Renders a labelled control with its hint and error. */
export default function Field({
  id,
  label,
  optional = false,
  hideLabel = false,
  hint,
  error = '',
  action,
  preview,
  live = false,
  ...control
}: FieldProps) {
  const statusId = `${id}-status`;
  const described: Described = {
    id,
    'aria-describedby': live ? statusId : fieldDescription(id, { hint: Boolean(hint), error: Boolean(error) }),
    'aria-invalid': error ? true : undefined,
  };
  const shown = preview ?? renderControl(control as Control, described);
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
        {optional && <span className="optional"> (optional)</span>}
      </label>
      {action ? (
        <div className="field-row">
          {shown}
          {action}
        </div>
      ) : (
        shown
      )}
      {live ? (
        <p id={statusId} className={error ? 'field-error' : 'field-hint'} role="status">
          {error || hint}
        </p>
      ) : (
        <>
          {hint && (
            <p id={`${id}-hint`} className="field-hint">
              {hint}
            </p>
          )}
          {error && (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** A radio or checkbox in its label: the control first, then the words (Choice.astro's twin). */
export function Choice({
  label,
  labelClassName,
  ...input
}: { label: ReactNode; labelClassName?: string } & ComponentProps<'input'>) {
  return (
    <label className={labelClassName}>
      <input {...input} /> {label}
    </label>
  );
}

// A form field in a React island: the markup of Field.astro (styles: field.css), with the error
// shown while `error` is not empty.
import type { ComponentProps, ReactNode } from 'react';
import { fieldDescription } from './field.ts';

interface FieldProps extends ComponentProps<'input'> {
  id: string;
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  /** The message shown while the value is wrong; empty when it is right. */
  error?: string;
}

/** Renders a labelled text input with its hint and error. */
export default function Field({ id, label, optional = false, hint, error = '', ...input }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="optional"> (optional)</span>}
      </label>
      <input
        id={id}
        aria-describedby={fieldDescription(id, { hint: Boolean(hint), error: Boolean(error) })}
        aria-invalid={error ? true : undefined}
        {...input}
      />
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
    </div>
  );
}

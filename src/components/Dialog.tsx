// A modal dialog in a React island: the markup of Dialog.astro (styles: dialog.css). It shows as a
// modal while mounted and `open`, and gives focus back to what had it when it closes.
import type { ReactNode, SubmitEvent } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';

interface DialogProps {
  id: string;
  /** The heading, or the dialog's accessible name when `header` replaces the heading. */
  title: string;
  header?: ReactNode;
  className?: string;
  open?: boolean;
  /** Called when the browser closes the dialog (Escape); buttons that close it call it themselves. */
  onClose(): void;
  /** Makes the content and the actions a form, submitted to this handler. */
  onSubmit?(event: SubmitEvent<HTMLFormElement>): void;
  actions: ReactNode;
  children: ReactNode;
}

/** Renders a modal dialog with a title (or header), its content and its actions. */
export default function Dialog({
  id,
  title,
  header,
  className,
  open = true,
  onClose,
  onSubmit,
  actions,
  children,
}: DialogProps) {
  const dialog = useModalDialog(open);
  const titleId = `${id}-title`;
  const parts = (
    <>
      {header ?? (
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
      )}
      {children}
      <div className="dialog-actions">{actions}</div>
    </>
  );
  return (
    <dialog
      ref={dialog}
      id={id}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={header ? undefined : titleId}
      aria-label={header ? title : undefined}
      onClose={onClose}
    >
      {onSubmit ? (
        <form className="dialog-form" noValidate onSubmit={onSubmit}>
          {parts}
        </form>
      ) : (
        parts
      )}
    </dialog>
  );
}

interface FormActionsProps {
  /** The button that closes the dialog unsent: "Cancel" unless named. */
  cancel?: string;
  onCancel(): void;
  /** The submit button's words. */
  submit: string;
  /** Sending: the submit button says Loading..., with a spinner, and is disabled. */
  busy?: boolean;
  disabled?: boolean;
}

/** A form dialog's actions: one button that closes it, and its submit button. */
export function FormActions({ cancel = 'Cancel', onCancel, submit, busy = false, disabled = false }: FormActionsProps) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel}>
        {cancel}
      </button>
      <button type="submit" className="button button-primary" disabled={disabled || busy} aria-busy={busy || undefined}>
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" /> Loading...
          </>
        ) : (
          submit
        )}
      </button>
    </>
  );
}

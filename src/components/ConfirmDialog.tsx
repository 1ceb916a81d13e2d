// Asks before something that cannot be undone, in a React island: Cancel (focused first, as is
// Escape) or the action, named by its button. Either closes the dialog; the action then runs.
import type { ReactNode } from 'react';
import Dialog from './Dialog.tsx';

interface ConfirmDialogProps {
  id: string;
  title: string;
  /** The action's button text ('Delete'). */
  confirmLabel: string;
  onConfirm(): void;
  /** Closes the dialog. */
  onCancel(): void;
  children: ReactNode;
}

export default function ConfirmDialog({ id, title, confirmLabel, onConfirm, onCancel, children }: ConfirmDialogProps) {
  return (
    <Dialog
      id={id}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button" data-autofocus onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              onCancel();
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

import { type RefObject, useEffect, useRef } from 'react';

/**
 * Shows the returned <dialog> ref as a modal while mounted and `open`, focuses its
 * `data-autofocus` control, and gives focus back to what had it when the dialog closes or
 * unmounts: the React twin of modal-dialog.ts.
 */
export function useModalDialog(open = true): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const opener = document.activeElement as HTMLElement | null;
    element.showModal();
    // React's autoFocus runs at mount, while the dialog is still closed: focus the control now.
    element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (element.open) element.close();
      opener?.focus();
    };
  }, [open]);
  return dialog;
}

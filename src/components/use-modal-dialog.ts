import { type RefObject, useEffect, useRef } from 'react';

/**
 * Shows the returned <dialog> ref as a modal once mounted, and gives focus back to what had it
 * when the dialog unmounts: the React twin of modal-dialog.ts.
 */
export function useModalDialog(): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    return () => opener?.focus();
  }, []);
  return dialog;
}

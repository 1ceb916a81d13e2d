// Modal dialogs without a framework: a button with `data-opens-dialog="<dialog id>"` opens that
// <dialog> as a modal, a `data-closes-dialog` button inside closes it, and focus goes back to
// the button that opened it. The native <dialog> does the rest: it makes the page behind inert,
// keeps focus inside, closes on Escape and (with closedby="any") on a click outside.

let wired = false;
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

/** Opens `dialog` as a modal on behalf of `opener`, loading any deferred frame inside it first. */
export function openModalDialog(dialog: HTMLDialogElement, opener: HTMLElement): void {
  openers.set(dialog, opener);
  // A frame marked data-src (the résumé PDF) loads only when its dialog is first opened.
  for (const frame of dialog.querySelectorAll<HTMLIFrameElement>('iframe[data-src]:not([src])')) {
    frame.src = frame.dataset.src ?? '';
  }
  dialog.showModal();
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const opener = target?.closest<HTMLElement>('[data-opens-dialog]');
  if (opener) {
    const dialog = document.getElementById(opener.dataset.opensDialog ?? '');
    if (dialog instanceof HTMLDialogElement) openModalDialog(dialog, opener);
    return;
  }
  target?.closest('[data-closes-dialog]')?.closest('dialog')?.close();
}

function onClose(event: Event): void {
  if (!(event.target instanceof HTMLDialogElement)) return;
  openers.get(event.target)?.focus();
}

/** Wires every dialog opener and closer on the page, now and later; safe to call more than once. */
export function wireModalDialogs(): void {
  if (wired) return;
  wired = true;
  document.addEventListener('click', onClick);
  // `close` does not bubble: listen in the capture phase to hear it from every dialog.
  document.addEventListener('close', onClose, true);
}

// Modal dialogs without a framework. The markup opens and closes them with invoker commands
// (`commandfor`, `command="show-modal"`/`"close"`; invoker-commands.ts covers browsers without),
// and the native <dialog> does the rest of a modal's work. This adds what markup cannot say: a
// dialog's <template data-until-open> (the résumé's PDF frame) loads only once it opens, and focus
// goes back to the button that opened it (Safari does not focus a button it clicks).

let wired = false;
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

/** Puts in place what `dialog` holds back until it opens (its <template data-until-open>). */
function loadDeferredFrames(dialog: HTMLDialogElement): void {
  for (const template of dialog.querySelectorAll<HTMLTemplateElement>('template[data-until-open]')) {
    template.replaceWith(template.content);
  }
}

/**
 * Opens `dialog` as a modal on behalf of `opener` (a control that does more than open it),
 * loading any deferred frame inside it first.
 */
export function openModalDialog(dialog: HTMLDialogElement, opener: HTMLElement): void {
  openers.set(dialog, opener);
  loadDeferredFrames(dialog);
  dialog.showModal();
}

/** Hears a dialog's opener as it is clicked, before the command opens the dialog. */
function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const opener = target?.closest<HTMLButtonElement>('button[commandfor][command="show-modal"]');
  const dialog = opener ? document.getElementById(opener.getAttribute('commandfor') ?? '') : null;
  if (!opener || !(dialog instanceof HTMLDialogElement)) return;
  openers.set(dialog, opener);
  loadDeferredFrames(dialog);
}

function onClose(event: Event): void {
  if (!(event.target instanceof HTMLDialogElement)) return;
  openers.get(event.target)?.focus();
}

/**
 * Wires every dialog opener on the page, now and later, and loads what a dialog opened before now
 * waits for; safe to call more than once.
 */
export function wireModalDialogs(): void {
  if (wired) return;
  wired = true;
  document.addEventListener('click', onClick);
  // `close` does not bubble: listen in the capture phase to hear it from every dialog.
  document.addEventListener('close', onClose, true);
  for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog[open]')) loadDeferredFrames(dialog);
}

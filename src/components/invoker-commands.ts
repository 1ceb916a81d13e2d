// The dialogs of the static pages open and close by their buttons' invoker commands:
// `commandfor="<dialog id>" command="show-modal"` opens that <dialog> as a modal, `command="close"`
// closes it. Browsers that know the commands (Chrome 135, Firefox 144, Safari 26.2) need no script,
// so a dialog answers from the first paint; this does the same where they are unknown (older
// Safari, WebKitGTK 2.50), inline before the site script (SiteLayout.astro).

/**
 * Carries out the dialog commands of clicked buttons where the browser does not. Runs inline, as
 * `(${supportInvokerCommands})()`: it must use nothing from outside its own body.
 */
export function supportInvokerCommands(): void {
  if ('command' in HTMLButtonElement.prototype) return;
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[commandfor]') : null;
    if (event.defaultPrevented || !(button instanceof HTMLButtonElement) || button.disabled) return;
    const dialog = document.getElementById(button.getAttribute('commandfor') ?? '');
    if (!(dialog instanceof HTMLDialogElement)) return;
    const command = button.getAttribute('command');
    if (command === 'show-modal' && !dialog.open) dialog.showModal();
    else if (command === 'close' && dialog.open) dialog.close();
  });
}

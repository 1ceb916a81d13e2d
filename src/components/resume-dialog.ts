/** Opens the full-screen résumé dialog from the nav, loading the PDF only when first asked for. */
export function mountResumeDialog(): void {
  const dialog = document.querySelector<HTMLDialogElement>('[data-resume-dialog]');
  if (!dialog) return;
  const frame = dialog.querySelector<HTMLIFrameElement>('iframe')!;
  let opener: HTMLElement | null = null;

  for (const button of document.querySelectorAll<HTMLElement>('[data-open-resume]')) {
    button.addEventListener('click', () => {
      opener = button;
      if (!frame.getAttribute('src')) frame.src = frame.dataset.src ?? '';
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-close-resume]')?.focus();
    });
  }
  dialog.querySelector('[data-close-resume]')?.addEventListener('click', () => dialog.close());
  // Escape closes a modal <dialog> natively; either way focus goes back where it came from.
  dialog.addEventListener('close', () => opener?.focus());
}

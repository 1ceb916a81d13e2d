// What Field.astro and Field.tsx agree on: a field's hint is `<id>-hint`, its error `<id>-error`,
// and the control is described by the hint, and by the error while it shows. (A live Field.tsx
// shows either in one line, `<id>-status`, which always describes the control.)

/** Returns the control's aria-describedby: the hint when it has one, then the error while it shows. */
export function fieldDescription(id: string, { hint, error }: { hint: boolean; error: boolean }): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

/** Shows or hides a server-rendered field's error, marking its control invalid while it shows. */
export function showFieldError(
  control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  shown: boolean,
): void {
  const error = document.getElementById(`${control.id}-error`);
  if (error) error.hidden = !shown;
  const description = fieldDescription(control.id, {
    hint: document.getElementById(`${control.id}-hint`) !== null,
    error: shown,
  });
  if (description) control.setAttribute('aria-describedby', description);
  else control.removeAttribute('aria-describedby');
  if (shown) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
}

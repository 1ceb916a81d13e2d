// Fills SessionNotice.astro's live region when the session ends (src/platform/session.ts): on the
// page where the server refused the token, or on the page a guarded one left for because of it.
import { SESSION_ENDED } from '../lib/session-token.ts';
import { $sessionEnded, takeEndedOnArrival } from '../platform/session.ts';

/** Shows the notice whenever the session ends, until the visitor dismisses it or logs in again. */
export function mountSessionNotice(): void {
  const region = document.querySelector<HTMLElement>('[data-session-notice]');
  if (!region) return;
  if (takeEndedOnArrival()) $sessionEnded.set(true);
  $sessionEnded.subscribe((ended) => {
    if (!ended) {
      region.replaceChildren();
      return;
    }
    if (region.childElementCount > 0) return;
    const text = document.createElement('p');
    text.textContent = SESSION_ENDED;
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.setAttribute('aria-label', 'Dismiss the notice');
    dismiss.textContent = '×';
    dismiss.addEventListener('click', () => $sessionEnded.set(false));
    region.replaceChildren(text, dismiss);
  });
}

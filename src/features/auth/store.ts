// The login modal's open state; the session itself is src/platform/session.ts.
import { atom } from 'nanostores';

/** Whether the login modal is open; the nav opens it, the modal closes it. */
export const $loginOpen = atom(false);

/** Opens the login modal (always in login mode). */
export function openLogin(): void {
  $loginOpen.set(true);
}

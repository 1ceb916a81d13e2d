import { atom, computed } from 'nanostores';
import { userFromToken } from './logic.ts';

/** The localStorage key the spec names for the session token. */
export const TOKEN_KEY = 'token';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode): the session lasts for the page only
  }
}

/** Whether the login modal is open; the nav opens it, the modal closes it. */
export const $loginOpen = atom(false);

/** Opens the login modal (always in login mode). */
export function openLogin(): void {
  $loginOpen.set(true);
}

/** The session token, mirrored to localStorage. */
export const $token = atom<string | null>(storage()?.getItem(TOKEN_KEY) ?? null);

/** The user details decoded from the token (empty username when logged out). */
export const $user = computed($token, userFromToken);

/** Starts a session with the token the server returned. */
export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
  $token.set(token);
}

/** Ends the session: forgets the token and the details decoded from it. */
export function clearSession(): void {
  storage()?.removeItem(TOKEN_KEY);
  $token.set(null);
}

// Keep tabs in step: logging out in one logs out the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) $token.set(event.newValue);
  });
}

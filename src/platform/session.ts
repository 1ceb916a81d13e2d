// The browser's session, shared by every feature: the token (mirrored to localStorage under the
// spec's key), the user details it carries, and the guard of protected pages.
import { atom, computed } from 'nanostores';
import type { Permission } from '../lib/policy.ts';
import { decideAccess, userFromToken } from '../lib/session-token.ts';
import { readStored, removeStored, writeStored } from './browser-storage.ts';

/** The localStorage key the spec names for the session token. */
export const TOKEN_KEY = 'token';

/** The session token, mirrored to localStorage. */
export const $token = atom<string | null>(readStored(TOKEN_KEY));

/** The user details decoded from the token (empty username when logged out). */
export const $user = computed($token, userFromToken);

/** The session's username ('' when logged out): changes only when another user logs in or out. */
export const $username = computed($user, (user) => user.username);

/** Whether the server ended this page's session (src/components/SessionNotice.astro tells the visitor). */
export const $sessionEnded = atom(false);

/** The sessionStorage key that carries the notice to the next page when the session ends on a redirect. */
const ENDED_KEY = 'session-ended';

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Starts a session with the token the server returned. */
export function setToken(token: string): void {
  writeStored(TOKEN_KEY, token);
  $sessionEnded.set(false);
  $token.set(token);
}

/**
 * Ends a session the server refused (expired, revoked or invalid): the token goes, the nav follows
 * the store, and the visitor is told (SESSION_ENDED in src/lib/session-token.ts).
 */
export function endSession(): void {
  clearSession();
  $sessionEnded.set(true);
}

/** Where the guard sends a visitor who may not stay, and a page whose session ended goes. */
const UNAUTHORIZED_PAGE = '/unauthorized';

/** Leaves for the unauthorized page after the session ended, telling the visitor there. */
export function leaveEndedSession(): void {
  tabStorage()?.setItem(ENDED_KEY, '1');
  window.location.replace(UNAUTHORIZED_PAGE);
}

/**
 * Answers, once, whether the previous page left because the session ended. Only the page it left
 * for asks: a page's first read of the tab's storage waits on the browser's own process.
 */
export function takeEndedOnArrival(): boolean {
  if (window.location.pathname.replace(/\/$/, '') !== UNAUTHORIZED_PAGE) return false;
  const ended = tabStorage()?.getItem(ENDED_KEY) === '1';
  if (ended) tabStorage()?.removeItem(ENDED_KEY);
  return ended;
}

/** Ends the session: forgets the token and the details decoded from it. */
export function clearSession(): void {
  removeStored(TOKEN_KEY);
  $token.set(null);
}

// Keep tabs in step: logging out in one logs out the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) $token.set(event.newValue);
  });
}

/** Sends the visitor to /unauthorized unless the session may see a page; `permission` narrows it further. */
export function guardRoute(permission?: Permission): boolean {
  const allowed = decideAccess($token.get(), $user.get(), permission) === 'allowed';
  if (!allowed) window.location.replace(UNAUTHORIZED_PAGE);
  return allowed;
}

// The browser's session, shared by every feature: the token (mirrored to localStorage under the
// spec's key), the user details it carries, and the guard of protected pages.
import { atom, computed } from 'nanostores';
import type { Permission } from '../lib/policy.ts';
import { decideAccess, userFromToken } from '../lib/session-token.ts';

/** The localStorage key the spec names for the session token. */
export const TOKEN_KEY = 'token';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode): the session lasts for the page only
  }
}

/** The session token, mirrored to localStorage. */
export const $token = atom<string | null>(storage()?.getItem(TOKEN_KEY) ?? null);

/** The user details decoded from the token (empty username when logged out). */
export const $user = computed($token, userFromToken);

/** The session's username ('' when logged out): changes only when another user logs in or out. */
export const $username = computed($user, (user) => user.username);

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

/** Sends the visitor to /unauthorized unless the session may see a page; `permission` narrows it further. */
export function guardRoute(permission?: Permission): boolean {
  const allowed = decideAccess($token.get(), $user.get(), permission) === 'allowed';
  if (!allowed) window.location.replace('/unauthorized');
  return allowed;
}

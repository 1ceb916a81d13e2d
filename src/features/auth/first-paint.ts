// The nav's session area from the first paint: the token kept in this browser says who is signed
// in, so the nav shows their menu (which opens without a script) instead of a Login button that
// the site script would swap out a moment later. The site script keeps it in step afterwards
// (nav-session.ts), through the same showNavSession.
import type { UserDetails } from '../../lib/user-details.ts';

/** What the nav shows of a session. */
export interface NavSession {
  /** Empty when signed out: the Login button shows instead of the menu. */
  username: string;
  /** Whether the menu lists the forum. */
  forum: boolean;
}

/**
 * Shows `session` in the nav: the Login button or the menu titled with the username. Runs inline
 * too (showStoredSession's caller passes it): it must use nothing from outside its own body.
 */
export function showNavSession({ username, forum }: NavSession): void {
  const area = document.querySelector('[data-session]');
  if (!area) return;
  const part = (selector: string) => area.querySelector<HTMLElement>(selector);
  const [login, menu, name, forumLink] = [
    part('[data-login]'),
    part('[data-user-menu]'),
    part('[data-username]'),
    part('[data-forum-link]'),
  ];
  if (!login || !menu || !name) return;
  login.hidden = username !== '';
  menu.hidden = username === '';
  name.textContent = username;
  // Not there when the forum is switched off (src/content/site.config.ts).
  if (forumLink) forumLink.hidden = !forum;
}

/**
 * Shows the session stored under `tokenKey` in the nav, before the site script runs. Runs inline,
 * as `(${showStoredSession})(…)` with the functions it needs as arguments: it must use nothing
 * from outside its own body. The forum rule is canUseForum's (src/lib/policy.ts), by its level: a
 * user without a clearance has none (src/layouts/first-script.test.ts holds the two together). A token that
 * cannot be read leaves Login in place; the site script then logs why.
 */
export function showStoredSession(
  tokenKey: string,
  decode: (token: string) => UserDetails,
  show: (session: NavSession) => void,
  forumLevel: number,
): void {
  try {
    const token = localStorage.getItem(tokenKey);
    if (!token) return;
    const user = decode(token);
    if (user.username) show({ username: user.username, forum: (user.clearance ?? 0) >= forumLevel });
  } catch {
    // Storage refused, or not a token: Login stays.
  }
}

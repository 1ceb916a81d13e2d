// The user menu's count of the member's new forum notifications (replies and mentions): read once a
// page for a member who can read the forum, shown on the menu's button and a phone's Menu button
// ('· 2', described in words to a screen reader) and beside its Notifications link, in the nav's own
// text styles (the heaviest page's CSS has no room for a badge: performance.spec.ts). Plain DOM code
// in the site script: it imports only types from the forum, never its schema's validators.
import { canUseForum } from '../../../lib/policy.ts';
import { ApiError, apiRequest } from '../../../platform/api-client.ts';
import { $unseenNotifications } from '../../../platform/notifications.ts';
import { $user } from '../../../platform/session.ts';
import type { NotificationCountResponse } from '../schema.ts';

/** Reads the count for the signed-in member, and keeps the nav's parts in step with it. */
export function mountNotificationCount(): void {
  const badge = document.querySelector<HTMLElement>('[data-notice-count]');
  const said = document.querySelector<HTMLElement>('[data-notice-said]');
  const link = document.querySelector<HTMLElement>('[data-notices-link]');
  const inMenu = document.querySelector<HTMLElement>('[data-notice-menu-count]');
  if (!badge || !said || !link || !inMenu) return; // the forum is switched off
  // A phone's Menu button holds the user menu: it shows the count too. Made here, not in every page's
  // HTML, whose first bytes must fit the network's first round trip (the home page's only just do).
  const badges = [badge];
  const toggle = document.querySelector<HTMLElement>('[data-nav-toggle]');
  if (toggle) {
    badges.push(toggle.appendChild(badge.cloneNode() as HTMLElement));
    toggle.setAttribute('aria-describedby', said.id);
  }
  $unseenNotifications.subscribe((unseen = 0) => {
    for (const shown of badges) {
      shown.hidden = unseen === 0;
      // No-break spaces: each is one flex item's text, which would wrap at a space and lose a leading one.
      shown.textContent = `·\u00a0${unseen}`;
    }
    said.textContent = unseen === 0 ? '' : `${unseen} new ${unseen === 1 ? 'notification' : 'notifications'}`;
    inMenu.textContent = unseen === 0 ? '' : `\u00a0· ${unseen} new`;
  });
  let reading = '';
  $user.subscribe((user) => {
    link.hidden = !canUseForum(user);
    if (link.hidden || reading === user.username) return;
    reading = user.username;
    apiRequest<NotificationCountResponse>('forum/notifications/count')
      // The dashboard's list may have answered first, and marked them seen: its count stands.
      .then(({ unseen }) => $unseenNotifications.get() === undefined && $unseenNotifications.set(unseen))
      .catch((error: unknown) => {
        // A session that ended is told by the session notice; the count then has no one to count for.
        if (!(error instanceof ApiError && error.status === 401))
          console.error('Failed to read the forum notifications.', error);
      });
  });
}

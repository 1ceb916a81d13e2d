// Binds the nav's session area to the session store, and says the state of its menus (popovers,
// which open without this script). Plain DOM code: the nav is on every page and must not pull React in.
import { mountIsland } from '../../../components/mount.ts';
import { $user, clearSession } from '../../../platform/session.ts';
import { openLogin } from '../store.ts';
import { showNavSession } from '../first-paint.ts';
import { canUseForum } from '../../../lib/policy.ts';

let loginModal: Promise<void> | undefined;

/** Renders the login modal once, into its own container at the end of the body. */
function mountLoginModal(): Promise<void> {
  loginModal ??= mountIsland(
    document.body.appendChild(document.createElement('div')),
    () => import('./LoginModal.tsx'),
  ).catch((error: unknown) => {
    loginModal = undefined; // a later click tries again
    throw error;
  });
  return loginModal;
}

/** Wires up the nav's menus and the session area (Login button or user menu). */
export function mountNavSession(): void {
  const session = document.querySelector<HTMLElement>('[data-session]');
  if (!session) return;
  for (const toggle of document.querySelectorAll<HTMLButtonElement>('[data-nav-toggle], [data-user-menu-toggle]')) {
    reflectPopover(toggle);
  }
  // The phone's menu is a popover below md only: from md up the bar shows it, so it closes there.
  const navMenu = document.querySelector<HTMLElement>('[data-nav-menu]');
  const wide = matchMedia('(min-width: 768px)');
  wide.addEventListener('change', () => {
    if (wide.matches && navMenu?.matches(':popover-open')) navMenu.hidePopover();
  });

  $user.subscribe((user) => showNavSession({ username: user.username, forum: canUseForum(user) }));

  // React and the modal load on the first click, not with the page (docs/architecture.md, Budgets: 25 KB on reading
  // pages). Any [data-login] button opens it: the nav's, and a page's own call to action (the shop home's).
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-login]')) {
    button.addEventListener('click', async () => {
      button.setAttribute('aria-busy', 'true');
      try {
        await mountLoginModal();
        openLogin();
      } finally {
        button.removeAttribute('aria-busy');
      }
    });
  }
  session.querySelector('[data-logout]')?.addEventListener('click', () => {
    clearSession();
    window.location.assign(session.dataset.logoutTo ?? '/');
  });
}

/**
 * Says on `toggle` whether its popover is open (aria-expanded), as it opens and closes. The browser
 * opens and closes the popover itself, also before this script (Escape or a tap elsewhere closes
 * it); until then the button has no aria-expanded, and browsers derive the state from the popover.
 */
function reflectPopover(toggle: HTMLButtonElement): void {
  const popover = toggle.popoverTargetElement;
  if (!(popover instanceof HTMLElement)) return;
  const reflect = () => toggle.setAttribute('aria-expanded', String(popover.matches(':popover-open')));
  popover.addEventListener('toggle', reflect);
  reflect();
}

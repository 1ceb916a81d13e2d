// Binds the nav's session area and its collapsible menu to the session store. Plain DOM code:
// the nav is on every page and must not pull React in.
import { mountIsland } from '../../components/mount.ts';
import { $user, clearSession } from '../../platform/session.ts';
import { openLogin } from './store.ts';
import { canUseForum } from '../../lib/policy.ts';

let loginModal: Promise<void> | undefined;

/** Renders the login modal once, into its own container at the end of the body. */
function mountLoginModal(): Promise<void> {
  loginModal ??= mountIsland(
    document.body.appendChild(document.createElement('div')),
    () => import('./components/LoginModal.tsx'),
  ).catch((error: unknown) => {
    loginModal = undefined; // a later click tries again
    throw error;
  });
  return loginModal;
}

/** Wires up the collapsible nav and the session area (Login button or user menu). */
export function mountNavSession(): void {
  const session = document.querySelector<HTMLElement>('[data-session]');
  if (!session) return;
  mountDisclosure(document.querySelector('[data-nav-toggle]'), document.querySelector('[data-nav-menu]'), 'data-open');

  const login = session.querySelector<HTMLButtonElement>('[data-login]')!;
  const menu = session.querySelector<HTMLElement>('[data-user-menu]')!;
  const name = session.querySelector<HTMLElement>('[data-username]')!;
  const forum = session.querySelector<HTMLElement>('[data-forum-link]')!;
  const toggle = session.querySelector<HTMLButtonElement>('[data-user-menu-toggle]');
  mountDisclosure(toggle, session.querySelector('#user-menu-list'), 'hidden');

  $user.subscribe((user) => {
    const loggedIn = user.username !== '';
    login.hidden = loggedIn;
    menu.hidden = !loggedIn;
    name.textContent = user.username;
    forum.hidden = !canUseForum(user);
  });

  // React and the modal load on the first click, not with the page (docs/architecture.md, Budgets: 25 KB on reading pages).
  // Any [data-login] button opens it: the nav's, and a page's own call to action (the shop home's).
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

/** Makes `button` show and hide `panel`, closing on Escape and on a click elsewhere. */
function mountDisclosure(
  button: HTMLButtonElement | null,
  panel: HTMLElement | null,
  attribute: 'data-open' | 'hidden',
) {
  if (!button || !panel) return;
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    if (attribute === 'hidden') panel.hidden = !open;
    else panel.toggleAttribute(attribute, open);
  };
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  button.addEventListener('click', () => setOpen(!isOpen()));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) {
      setOpen(false);
      button.focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && !button.contains(event.target as Node) && !panel.contains(event.target as Node)) setOpen(false);
  });
}

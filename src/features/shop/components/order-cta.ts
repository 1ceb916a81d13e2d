// The shop home's call to order (ProductShowcase.astro): "Log in to order" while logged out (the
// nav's session script binds every [data-login] button to the login modal), a link to the
// products once logged in.
import { $user } from '../../../platform/session.ts';

/** Shows the one of `cta`'s two actions that fits the session. */
export function mountOrderCta(cta: HTMLElement): void {
  const login = cta.querySelector<HTMLElement>('[data-login]')!;
  const order = cta.querySelector<HTMLElement>('[data-order-link]')!;
  $user.subscribe((user) => {
    login.hidden = user.username !== '';
    order.hidden = user.username === '';
  });
}

// The shop home's greeting (ShopGreeting.astro): a login prompt, or the user by name once the
// session is known.
import { $user } from '../../../platform/session.ts';
import { shopGreeting } from '../logic.ts';

/** Keeps `greeting`'s text in step with the session. */
export function mountShopGreeting(greeting: HTMLElement): void {
  $user.subscribe((user) => {
    greeting.textContent = shopGreeting(user);
  });
}

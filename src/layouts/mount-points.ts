// Every feature a page can bring to life, found by the element that holds it. The site's one
// script (site.ts) mounts whichever of them the page's markup has, so no page needs a script of
// its own: a page makes one script request, and a React page two more, React with the code its
// islands share and the island itself (docs/architecture.md, Budgets). The plain DOM controllers
// are small and travel in that script; the islands, and React with them, load only on their pages.
import { mountController, mountIsland } from '../components/mount.ts';
import { mountContactForm } from '../features/contact/contact-form.ts';
import { mountGallery } from '../features/gallery/gallery.ts';
import { mountPollCard } from '../features/poll/poll-card.ts';
import { mountSchedulingPoll } from '../features/scheduling/poll-page.ts';
import { mountSchedulingConsole } from '../features/scheduling/scheduling-console.ts';
import { mountShopGreeting } from '../features/auth/shop-greeting.ts';
import { mountOrderCta } from '../features/shop/order-cta.ts';
import { mountProductPicker } from '../features/shop/product-picker.ts';
import { canAdminister, canUseForum } from '../lib/policy.ts';

type Mount = (element: HTMLElement) => unknown;

/**
 * The mount points, by the selector of their element. Guarded ones send a visitor who may not
 * stay to /unauthorized before anything loads (the server checks again on every call).
 */
export const MOUNT_POINTS: Record<string, Mount> = {
  // Reading pages: plain DOM code.
  '[data-poll]': (card) => mountController(card, mountPollCard),
  '[data-contact-form]': (form) => mountController(form as HTMLFormElement, mountContactForm),
  '[data-gallery]': (gallery) => mountController(gallery, mountGallery),
  '[data-shop-greeting]': (greeting) => mountController(greeting, mountShopGreeting),
  '[data-order-cta]': (cta) => mountController(cta, mountOrderCta),
  // Any token may shop; without one the guard sends the visitor to /unauthorized.
  '[data-product-picker]': (dialog) =>
    mountController(dialog as HTMLDialogElement, mountProductPicker, { guard: 'session' }),
  // Clearance 3.
  '[data-scheduling-console]': (root) => mountController(root, mountSchedulingConsole, { guard: canAdminister }),

  // React islands.
  '[data-word-game]': (root) => mountIsland(root, () => import('../features/word-game/components/WordGame.tsx')),
  '[data-chatbot]': (root) => mountIsland(root, () => import('../features/chatbot/components/Chatbot.tsx')),
  '[data-scheduling-poll]': (root) => mountSchedulingPoll(root),
  // Members with clearance 2 or more.
  '[data-forum]': (root) =>
    mountIsland(root, () => import('../features/forum/components/Forum.tsx'), { guard: canUseForum }),
  // Any token may see the dashboard and its cart.
  '[data-dashboard]': (root) =>
    mountIsland(root, () => import('../features/dashboard/components/Dashboard.tsx'), { guard: 'session' }),
  // The cart page lists the product pictures in data-images.
  '[data-cart]': (root) =>
    mountIsland(root, () => import('../features/shop/components/Cart.tsx'), {
      guard: 'session',
      props: (container) => ({ images: JSON.parse(container.dataset.images ?? '{}') }),
    }),
  // Clearance 3.
  '[data-wedding-console]': (root) =>
    mountIsland(root, () => import('../features/wedding/components/WeddingConsole.tsx'), { guard: canAdminister }),
};

/** Mounts every feature whose element is on the page. */
export function mountFeatures(): void {
  for (const [selector, mount] of Object.entries(MOUNT_POINTS)) {
    const element = document.querySelector<HTMLElement>(selector);
    if (element) void mount(element);
  }
}

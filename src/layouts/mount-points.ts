// Every feature a page can bring to life, found by the element that holds it. The site's one
// script (site.ts) mounts whichever of them the page's markup has, so no page needs a script of
// its own: a page makes one script request, and a React page two more, React with the code its
// islands share and the island itself (docs/architecture.md, Budgets). The plain DOM controllers
// are small and travel in that script; the islands, and React with them, load only on their pages.
import { mountController, mountIsland } from '../components/mount.ts';
import { EMAIL_LINK, SHOP_GREETING } from '../features/auth/mount-point.ts';
import { mountEmailLink } from '../features/auth/components/email-link.ts';
import { mountShopGreeting } from '../features/auth/components/shop-greeting.ts';
import { CHATBOT } from '../features/chatbot/mount-point.ts';
import { mountContactForm } from '../features/contact/components/contact-form.ts';
import { CONTACT_FORM } from '../features/contact/mount-point.ts';
import { DASHBOARD } from '../features/dashboard/mount-point.ts';
import { FORUM } from '../features/forum/mount-point.ts';
import { mountGallery } from '../features/gallery/components/gallery.ts';
import { GALLERY } from '../features/gallery/mount-point.ts';
import { POLL_CARD } from '../features/poll/mount-point.ts';
import { mountPollCard } from '../features/poll/components/poll-card.ts';
import { MY_POLLS, SCHEDULING_CONSOLE, SCHEDULING_POLL } from '../features/scheduling/mount-point.ts';
import { mountSchedulingPoll } from '../features/scheduling/poll/components/mount.ts';
import { mountSchedulingConsole } from '../features/scheduling/configured/components/scheduling-console.ts';
import { CART, ORDER_CTA, PRODUCT_PICKER } from '../features/shop/mount-point.ts';
import { mountOrderCta } from '../features/shop/components/order-cta.ts';
import { mountProductPicker } from '../features/shop/components/product-picker.ts';
import { RSVP_PAGE, WEDDING_CONSOLE } from '../features/wedding/mount-point.ts';
import { mountSiteSearch } from '../features/search/components/mount.ts';
import { SITE_SEARCH } from '../features/search/mount-point.ts';
import { WORD_GAME } from '../features/word-game/mount-point.ts';
import { canAdminister } from '../lib/policy.ts';

type Mount = (element: HTMLElement) => unknown;

/**
 * The mount points, by the selector of their element, each named by its feature (its
 * mount-point.ts, whose attribute the feature's markup carries). Guarded ones send a visitor who
 * may not stay to /unauthorized before anything loads (the server checks again on every call).
 */
export const MOUNT_POINTS: Record<string, Mount> = {
  // Reading pages: plain DOM code.
  [CONTACT_FORM.selector]: (form) => mountController(form as HTMLFormElement, mountContactForm),
  [SHOP_GREETING.selector]: (greeting) => mountController(greeting, mountShopGreeting),
  [EMAIL_LINK.selector]: (root) => mountController(root, mountEmailLink),
  // The search page's code, and Pagefind after it, load with its first query.
  [SITE_SEARCH.selector]: (root) => mountController(root, mountSiteSearch),
  // Any token may see the dashboard.
  [DASHBOARD.selector]: (root) =>
    mountIsland(root, () => import('../features/dashboard/components/Dashboard.tsx'), { guard: 'session' }),

  // The switchable features', each only while it is on: the build defines the switches
  // (src/integrations/site-config.ts), so a switched-off feature's code is not built at all.
  ...(import.meta.env.FEATURE_POLL && {
    [POLL_CARD.selector]: (card: HTMLElement) => mountController(card, mountPollCard),
  }),
  ...(import.meta.env.FEATURE_SHOP && {
    [GALLERY.selector]: (gallery: HTMLElement) => mountController(gallery, mountGallery),
    [ORDER_CTA.selector]: (cta: HTMLElement) => mountController(cta, mountOrderCta),
    // Any token may shop; without one the guard sends the visitor to /unauthorized.
    [PRODUCT_PICKER.selector]: (dialog: HTMLElement) =>
      mountController(dialog as HTMLDialogElement, mountProductPicker, { guard: 'session' }),
    // The cart page lists the product pictures in data-images.
    [CART.selector]: (root: HTMLElement) =>
      mountIsland(root, () => import('../features/shop/components/Cart.tsx'), {
        guard: 'session',
        props: (container) => ({ images: JSON.parse(container.dataset.images ?? '{}') }),
      }),
  }),
  ...(import.meta.env.FEATURE_WORD_GAME && {
    [WORD_GAME.selector]: (root: HTMLElement) =>
      mountIsland(root, () => import('../features/word-game/components/WordGame.tsx')),
  }),
  ...(import.meta.env.FEATURE_CHATBOT && {
    [CHATBOT.selector]: (root: HTMLElement) =>
      mountIsland(root, () => import('../features/chatbot/components/Chatbot.tsx')),
  }),
  ...(import.meta.env.FEATURE_FORUM && {
    // Any token: members (clearance 2 or more) see the forum; a visitor below it, why it is closed and Ask to join.
    [FORUM.selector]: (root: HTMLElement) =>
      mountIsland(root, () => import('../features/forum/components/Forum.tsx'), { guard: 'session' }),
  }),
  ...(import.meta.env.FEATURE_SCHEDULING && {
    // Clearance 3.
    [SCHEDULING_CONSOLE.selector]: (root: HTMLElement) =>
      mountController(root, mountSchedulingConsole, { guard: canAdminister }),
    // A scheduling poll page: one island, laid out by the page's data-view.
    [SCHEDULING_POLL.selector]: (root: HTMLElement) => mountSchedulingPoll(root),
    // Any token may organise polls of its own.
    [MY_POLLS.selector]: (root: HTMLElement) =>
      mountIsland(root, () => import('../features/scheduling/organising/components/PollOrganiser.tsx'), {
        guard: 'session',
        props: () => ({ scope: 'mine' }),
      }),
  }),
  ...(import.meta.env.FEATURE_WEDDING && {
    // A household's RSVP page: its link's token is all it needs, no session.
    [RSVP_PAGE.selector]: (root: HTMLElement) =>
      mountIsland(root, () => import('../features/wedding/rsvp/components/RsvpPage.tsx')),
    // Clearance 3.
    [WEDDING_CONSOLE.selector]: (root: HTMLElement) =>
      mountIsland(root, () => import('../features/wedding/components/WeddingConsole.tsx'), { guard: canAdminister }),
  }),
};

/** Mounts every feature whose element is on the page; settles once each has (an island, once rendered). */
export async function mountFeatures(): Promise<void> {
  const mounted = Object.entries(MOUNT_POINTS).flatMap(([selector, mount]) => {
    const element = document.querySelector<HTMLElement>(selector);
    return element ? [mount(element)] : [];
  });
  await Promise.allSettled(mounted);
}

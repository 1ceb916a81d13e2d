// The site's routes as the browser tests group them (SPEC section 2), with the demo poll made as
// the console makes them (issue 20).
import { DEMO_POLL_ID } from '../../tools/demo-data/seed.ts';

/** Every public route, and a missing page. */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/unauthorized',
  '/drecoll_hills_harvest',
  '/drecoll_hills_harvest/gallery',
  '/word_game',
  '/chatbot',
  '/poll',
  '/scheduling_polls/defense_league',
  '/scheduling_polls/ragnarok',
  '/scheduling_polls/drexolljozwiakpoolpoll',
  `/scheduling_polls/p/${DEMO_POLL_ID}`,
  '/missing-page',
];

/**
 * The public pages that are read rather than used: no React before interaction, nothing to
 * wait for but the page itself. The audit holds their first paint to 1.3 times a bare page's.
 */
export const READING_PAGES = [
  '/',
  '/about',
  '/contact',
  '/unauthorized',
  '/drecoll_hills_harvest',
  '/drecoll_hills_harvest/gallery',
  '/poll',
  '/missing-page',
];

/** Routes behind the guard: their static shell is served to anyone; the island needs a session. */
export const GUARDED_PAGES = [
  '/dashboard',
  '/forum',
  '/drecoll_hills_harvest/products',
  '/drecoll_hills_harvest/cart',
  '/weddingconsole',
  '/schedulingconsole',
];

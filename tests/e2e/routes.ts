// The site's routes as the browser tests group them (SPEC section 2), with the demo poll made as
// the console makes them.
import { DEMO_POLL_ID } from '../../tools/demo-data/seed.ts';

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

/** The public pages that render a React island as they load. */
export const PUBLIC_REACT_PAGES = [
  '/word_game',
  '/chatbot',
  '/scheduling_polls/defense_league',
  '/scheduling_polls/ragnarok',
  '/scheduling_polls/drexolljozwiakpoolpoll',
  `/scheduling_polls/p/${DEMO_POLL_ID}`,
];

/** Every public route, and a missing page. */
export const PUBLIC_PAGES = [...READING_PAGES, ...PUBLIC_REACT_PAGES];

/** Routes behind the guard: their static shell is served to anyone; the island needs a session. */
export const GUARDED_PAGES = [
  '/dashboard',
  '/forum',
  '/drecoll_hills_harvest/products',
  '/drecoll_hills_harvest/cart',
  '/weddingconsole',
  '/schedulingconsole',
];

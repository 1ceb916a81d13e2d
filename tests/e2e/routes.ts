// The site's routes as the browser tests group them (SPEC section 2), with the demo poll made as
// the console makes them. Each list holds only what the site serves with its config: a switched-off
// feature's pages are left out (tests/site-config.ts, `served`), for every suite that reads them.
import { SHOP_HOME } from '../../src/lib/features.ts';
import type { Theme } from '../../src/platform/theme.ts';
import { DEMO_POLL_ID } from '../../tools/demo-data/seed.ts';
import { tagPath } from '../../src/lib/tags.ts';
import { projects, served, writtenPosts } from '../site-config.ts';

const firstPost = writtenPosts().find((post) => !post.draft);
const firstTag = projects.flatMap((project) => project.tags ?? [])[0];

/**
 * The public pages that are read rather than used: no React before interaction, nothing to
 * wait for but the page itself. The audit holds their first paint to 1.3 times a bare page's.
 */
export const READING_PAGES: string[] = served([
  '/',
  '/about',
  '/contact',
  '/unauthorized',
  SHOP_HOME,
  `${SHOP_HOME}/gallery`,
  '/poll',
  '/missing-page',
  `/projects/${projects[0]!.id}`,
  ...(firstTag ? [tagPath(firstTag)] : []),
  '/search',
  '/blog',
  ...(firstPost ? [`/blog/${firstPost.id}`] : []),
]);

/** The public pages that render a React island as they load. */
export const PUBLIC_REACT_PAGES: string[] = served([
  '/word_game',
  '/chatbot',
  '/scheduling_polls/defense_league',
  '/scheduling_polls/ragnarok',
  '/scheduling_polls/drexolljozwiakpoolpoll',
  `/scheduling_polls/p/${DEMO_POLL_ID}`,
  // A household's RSVP page; without its link's token it says the link is not valid.
  '/rsvp',
]);

/** Every public route, and a missing page. */
export const PUBLIC_PAGES = [...READING_PAGES, ...PUBLIC_REACT_PAGES];

/** Routes behind the guard: their static shell is served to anyone; the island needs a session. */
export const GUARDED_PAGES: string[] = served([
  '/dashboard',
  '/forum',
  `${SHOP_HOME}/products`,
  `${SHOP_HOME}/cart`,
  '/weddingconsole',
  '/schedulingconsole',
  '/scheduling_polls/mine',
]);

/** The theme a page shows when the visitor has chosen none (src/platform/theme.ts): the shop light, the rest dark. */
export const defaultThemeOf = (path: string): Theme => (path.startsWith(SHOP_HOME) ? 'light' : 'dark');

/** The theme a page does not show by default. */
export const otherThemeOf = (path: string): Theme => (defaultThemeOf(path) === 'dark' ? 'light' : 'dark');

// The apps this site runs for its visitors, as the home page's "Try it here" section and the footer
// name them: each with its page and one line on what it is, only those the owner has switched on
// (site.config.ts, `features`). The forum (members only) and the consoles (admins) are reached from
// the nav and the dashboard instead.
import { SHOP_HOME, isServed } from '../lib/features.ts';
import { DATE_POLL } from './polls.ts';
import { features, poll, shop } from './site.config.ts';

export interface App {
  name: string;
  path: string;
  /** One line on what a visitor does there. */
  description: string;
}

const ALL_APPS: readonly App[] = [
  {
    name: 'Word game',
    path: '/word_game',
    description: 'Guess the five-letter word in six tries.',
  },
  {
    name: 'AI chatbot',
    path: '/chatbot',
    description: 'Ask anything, or ask about my work.',
  },
  {
    name: shop.name,
    path: SHOP_HOME,
    description: 'A mock farm shop: browse, fill a cart, order.',
  },
  {
    name: poll.title,
    path: '/poll',
    description: 'Vote on one question and see the results.',
  },
  {
    name: `Scheduling poll: ${DATE_POLL.title}`,
    path: `/scheduling_polls/${DATE_POLL.id}`,
    description: 'Pick the dates that suit you, Doodle-style.',
  },
];

/** The apps switched on, in the order the home page shows them. */
export const APPS: readonly App[] = ALL_APPS.filter((app) => isServed(app.path, features));

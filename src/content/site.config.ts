// The site's owner, words and parts in one place: edit this file (and the pictures it names) to make
// the site yours. docs/make-it-yours.md walks through every field. The build checks it
// (src/content/site-config.schema.ts): a mistake stops `astro build` with a message naming the
// field, and the tests read it, so they keep passing with your name in.
import type {
  FeaturesConfig,
  OwnerConfig,
  PollConfig,
  ProjectConfig,
  ResumeConfig,
  ShopConfig,
  SocialCardConfig,
} from './site-config.schema.ts';

/** Who the site is about: the nav, page titles, the footer, the résumé and link previews use it. */
export const owner: OwnerConfig = {
  name: 'Alex Drecoll',
  /** The developer's title, shown in the nav and on the home page. */
  title: 'Full-Stack Developer',
  tagline: 'I build fast, accessible web applications, from the database to the pixels.',
  /** Where contact messages are mailed (the CONTACT_TO setting, where set, takes its place). */
  email: 'alex@example.com',
  /** The "About me" paragraphs on /about, plain text. */
  about: [
    "I'm Alex Drecoll, a full-stack developer. I like the whole path of a feature: the data model, the API that guards it, and the page a person actually touches. I care most about the parts people notice without naming them: pages that load quickly on a phone, forms that explain themselves, and sites that work with a keyboard or a screen reader.",
    'I have built storefronts, dashboards, games and content sites for clients, with React, Node, PHP and Drupal. The projects on the home page show a selection; a few of them run right here.',
  ],
  /** Up to three of your profiles or addresses, in the nav and on the résumé: https, or mailto: for mail. */
  links: [
    { label: 'GitHub', url: 'https://github.com/alex-drecoll' },
    { label: 'LinkedIn', url: 'https://www.linkedin.com/in/alex-drecoll' },
  ],
};

/**
 * The parts of the site. Switch one off (false) and its pages are not built, the links to it
 * (the nav, the dashboard, project cards) go, and its API answers 404. Home, About, Contact, the
 * dashboard and accounts are always there.
 */
export const features: FeaturesConfig = {
  shop: true,
  wordGame: true,
  chatbot: true,
  forum: true,
  poll: true,
  scheduling: true,
  wedding: true,
  blog: true,
};

/** The résumé the nav's Résumé dialog shows: built into /resume.pdf from this at every build. */
export const resume: ResumeConfig = {
  summary:
    'Full-stack developer who ships fast, accessible web applications end to end: static-first front ends with small interactive islands, serverless APIs, and data stores sized to the job. Cares about measurable performance, honest tests and code a team can carry on.',
  skills: [
    { area: 'Front end', items: 'TypeScript, React, Astro, HTML and CSS, accessibility (WCAG 2.2), Playwright' },
    { area: 'Back end', items: 'Node.js, serverless functions (Netlify, AWS Lambda), REST APIs, JWT auth' },
    { area: 'Data', items: 'Redis (Upstash), MongoDB, PostgreSQL, SQL and schema design' },
    { area: 'Practice', items: 'Testing pyramids, CI, Lighthouse budgets, security headers, code review' },
  ],
  experience: [
    {
      role: 'Freelance Full-Stack Developer',
      when: '2022 - present',
      points: [
        'Built and maintain this site: Astro, React islands, Netlify Functions and Upstash Redis, 100 Lighthouse scores.',
        'Delivered shop, scheduling-poll and guest-list applications for small organisations.',
        'Set up CI pipelines with unit, integration and browser tests for every client project.',
      ],
    },
    {
      role: 'Web Developer, Drupal and JavaScript projects',
      when: '2019 - 2022',
      points: [
        'Developed Drupal sites and custom modules for public-sector and non-profit clients.',
        'Rebuilt front ends as accessible, mobile-first component libraries.',
      ],
    },
  ],
  projects:
    'AI chatbot (OpenAI API), mock farm shop with cart and orders, five-letter word game, forum, Doodle-style scheduling polls, weather dashboard, budget and fitness trackers, README generator.',
  education: 'Full-Stack Web Development Certificate  ·  continuous learning through open-source work',
};

/** The picture link previews show (Open Graph): built into /social-card.png from this at every build. */
export const socialCard: SocialCardConfig = {
  headline: owner.name,
  subline: owner.title,
  alt: `${owner.name}, ${owner.title}`,
};

/** The mock farm shop (when `features.shop` is on). */
export const shop: ShopConfig = {
  name: 'Drecoll Hills Harvest',
};

/**
 * The one-question poll at /poll (when `features.poll` is on). `closed: true` closes it whatever
 * the admin console says: the page shows the results to everyone and takes no more votes.
 */
export const poll: PollConfig = {
  title: 'League Poll',
  question: 'Should the 3QB maximum limit remain?',
  options: ['Stay 2QB League remove 3QB limit', 'Stay 2QB league, keep 3qb limit', 'Change to 1QB League'],
};

/**
 * The project showcase on the home page, in this order; each project also has a page of its own
 * (/projects/<id>), with the write-up in src/content/projects/<id>.md if there is one. `thumbnail` is a picture in
 * src/content/projects/thumbnails/; `demo` is a page of this site (`/chatbot`: its card's Live Demo
 * goes when that feature is off) or an https address; `code` is where the source is (the Github link).
 */
export const projects: ProjectConfig[] = [
  {
    id: 'tea-shop',
    title: 'Tea Shop Website',
    tags: ['HTML', 'CSS', 'Accessibility'],
    description:
      'A storefront for a small loose-leaf tea shop, built mobile-first with semantic HTML, Sass and a sprinkle of JavaScript. Visitors browse teas by origin and caffeine level, read brewing guides and find the shop on a map. It scores 100 for accessibility in Lighthouse and loads in under a second on a mid-range phone.',
    thumbnail: 'tea-shop.png',
    thumbnailAlt: 'Illustration of a steaming teacup on a saucer with tea leaves',
    demo: 'https://alex-drecoll.github.io/tea-shop/',
    code: 'https://github.com/alex-drecoll/tea-shop',
  },
  {
    id: 'ai-chatbot',
    title: 'AI Chatbot',
    tags: ['AI', 'React', 'Serverless'],
    description:
      "A chat assistant built on OpenAI's gpt-4o-mini model, with adjustable system parameters: pick the assistant's persona and tone before you ask. A serverless function holds the API key, checks for bots and rate limits each visitor, so the key never reaches the browser. Try it right here on this site.",
    thumbnail: 'ai-chatbot.png',
    thumbnailAlt: 'Illustration of two chat bubbles beside settings sliders and a sparkle',
    demo: '/chatbot',
    code: 'https://github.com/alex-drecoll/portfolio',
  },
  {
    id: 'drecoll-hills-harvest',
    title: 'Drecoll Hills Harvest',
    tags: ['Shop', 'React', 'Redis'],
    description:
      'A mock farm-produce shop with its own light theme: browse pickles, choose a type, size and quantity, keep them in a cart and submit an order. It also has a rotating 3D gallery of the farm, driven by buttons or the arrow keys. Log in to place an order; carts and orders are stored in Redis behind serverless functions.',
    thumbnail: 'drecoll-hills-harvest.png',
    thumbnailAlt: 'Illustration of a jar of pickles in front of rolling green hills',
    demo: '/drecoll_hills_harvest',
    code: 'https://github.com/alex-drecoll/portfolio',
  },
  {
    id: 'word-game',
    title: 'Word Game',
    tags: ['Word game', 'React', 'Accessibility'],
    description:
      'A five-letter word-guessing game: six tries, with green, yellow and grey tiles telling you how close each guess was. An on-screen keyboard makes it playable on a phone without a physical keyboard. Log in and your best round is saved to your dashboard.',
    thumbnail: 'word-game.png',
    thumbnailAlt: 'Illustration of a word-guessing grid of green, yellow and grey letter tiles',
    demo: '/word_game',
    code: 'https://github.com/alex-drecoll/portfolio',
  },
  {
    id: 'tetris',
    title: 'Tetris',
    tags: ['JavaScript', 'Games'],
    description:
      'The falling-blocks classic written from scratch on an HTML canvas, with no game engine. It has wall kicks, a next-piece preview, levels that speed up and a high score kept in local storage. Keyboard and touch controls both work.',
    thumbnail: 'tetris.png',
    thumbnailAlt: 'Illustration of a Tetris well with stacked blocks and a falling T-piece',
    demo: 'https://alex-drecoll.github.io/tetris/',
    code: 'https://github.com/alex-drecoll/tetris',
  },
  {
    id: 'boating-app',
    title: 'Boating App',
    tags: ['React', 'Maps'],
    description:
      'A trip planner for boaters built with React and an interactive map. Plot a route between waypoints, see its distance and the marine forecast along the way, and save trips for later. It needs a private map API key, so there is no public demo; the code and screenshots are on GitHub.',
    thumbnail: 'boating-app.png',
    thumbnailAlt: 'Illustration of a map with islands, a sailboat and a dotted route to a location pin',
    code: 'https://github.com/alex-drecoll/boating-app',
  },
  {
    id: 'cocktail-search',
    title: 'Cocktail Search',
    tags: ['JavaScript', 'APIs'],
    description:
      'Search thousands of cocktail recipes by name or by what is already in your cabinet. Results come from a public cocktail API and show ingredients, measures and instructions. Favourites are kept in local storage.',
    thumbnail: 'cocktail-search.png',
    thumbnailAlt: 'Illustration of a martini glass with an olive and a lime wedge beside a magnifying glass',
    demo: 'https://alex-drecoll.github.io/cocktail-search/',
    code: 'https://github.com/alex-drecoll/cocktail-search',
  },
  {
    id: 'movie-search',
    title: 'Movie Search',
    tags: ['React', 'APIs'],
    description:
      'A fast movie finder on top of a public film database API. Search as you type, with requests debounced and cancelled so results never arrive out of order. Each film opens a detail view with its cast, rating and plot.',
    thumbnail: 'movie-search.png',
    thumbnailAlt: 'Illustration of a film clapperboard with a magnifying glass',
    demo: 'https://alex-drecoll.github.io/movie-search/',
    code: 'https://github.com/alex-drecoll/movie-search',
  },
  {
    id: 'user-directory',
    title: 'User Directory',
    tags: ['React'],
    description:
      'An employee directory in React that loads a few hundred people and lets you sort, filter and search them instantly. The table stays usable by keyboard and screen reader, with sortable column headers that announce their order.',
    thumbnail: 'user-directory.png',
    thumbnailAlt: 'Illustration of a directory card listing three people with avatar icons',
    demo: 'https://alex-drecoll.github.io/user-directory/',
    code: 'https://github.com/alex-drecoll/user-directory',
  },
  {
    id: 'book-search',
    title: 'Book Search',
    tags: ['React', 'MongoDB'],
    description:
      'A reading-list app: search books through a public books API and save the ones you want to read. It is a full-stack app with a React front end, a Node and Express API and a MongoDB database behind accounts.',
    thumbnail: 'book-search.png',
    thumbnailAlt: 'Illustration of a stack of books with a magnifying glass',
    demo: 'https://alex-drecoll.github.io/book-search/',
    code: 'https://github.com/alex-drecoll/book-search',
  },
  {
    id: 'weather-dashboard',
    title: 'Weather Dashboard',
    tags: ['JavaScript', 'APIs'],
    description:
      'Current conditions and a five-day forecast for any city, from a public weather API. Recent searches are remembered, units switch between Celsius and Fahrenheit, and the layout works from a small phone to a wide screen.',
    thumbnail: 'weather-dashboard.png',
    thumbnailAlt: 'Illustration of a sun behind a cloud above three small forecast cards',
    demo: 'https://alex-drecoll.github.io/weather-dashboard/',
    code: 'https://github.com/alex-drecoll/weather-dashboard',
  },
  {
    id: 'portfolio',
    title: 'This Portfolio',
    tags: ['Astro', 'React', 'Redis', 'Performance'],
    description:
      'The site you are on. Static Astro pages with small React islands, Netlify Functions for the API, Upstash Redis for data and signed tokens for accounts. It is built to score 100 for accessibility, best practices and SEO, and it is tested end to end in a real browser.',
    thumbnail: 'portfolio.png',
    thumbnailAlt: 'Illustration of a browser window with code brackets',
    code: 'https://github.com/alex-drecoll/portfolio',
  },
  {
    id: 'drupal-projects',
    title: 'Drupal Projects',
    tags: ['Drupal', 'PHP'],
    description:
      'Client sites built and maintained with Drupal: custom themes, content types and views, and modules written in PHP where the contributed ones fell short. The work includes migrations from older Drupal versions and accessibility fixes. The code belongs to the clients, so there is no public repository.',
    thumbnail: 'drupal-projects.png',
    thumbnailAlt: 'Illustration of a large water drop filled with waves, the Drupal emblem shape',
  },
  {
    id: 'budget-tracker',
    title: 'Budget Tracker',
    tags: ['JavaScript', 'Offline'],
    description:
      "A budget tracker that keeps working offline. It is a progressive web app: a service worker caches the app, and entries made without a connection are kept in IndexedDB and synced when you are back online. A chart shows where the month's money went.",
    thumbnail: 'budget-tracker.png',
    thumbnailAlt: 'Illustration of a piggy bank with a coin dropping into its slot',
    demo: 'https://alex-drecoll.github.io/budget-tracker/',
    code: 'https://github.com/alex-drecoll/budget-tracker',
  },
  {
    id: 'expense-tracker',
    title: 'Expense Tracker',
    tags: ['Node.js', 'MySQL'],
    description:
      'A command-line expense tracker in Node.js backed by MySQL. It records expenses by category, prints monthly summaries and exports them as CSV. There is nothing to click, so no live demo: the repository shows it running.',
    thumbnail: 'expense-tracker.png',
    thumbnailAlt: 'Illustration of a receipt beside a bar chart with a rising trend line',
    code: 'https://github.com/alex-drecoll/expense-tracker',
  },
  {
    id: 'fitness-tracker',
    title: 'Fitness Tracker',
    tags: ['Node.js', 'MongoDB'],
    description:
      'Log workouts, exercises, sets and weights, then watch progress on charts over the last weeks. It runs on Node and Express with MongoDB, and its aggregation queries add up durations and weights on the database side.',
    thumbnail: 'fitness-tracker.png',
    thumbnailAlt: 'Illustration of a heart with a heart-rate line and a dumbbell',
    demo: 'https://alex-drecoll.github.io/fitness-tracker/',
    code: 'https://github.com/alex-drecoll/fitness-tracker',
  },
  {
    id: 'tech-blog',
    title: 'Tech Blog',
    tags: ['Node.js', 'SQL'],
    description:
      "A developer blog where people sign up, publish posts and comment on each other's. Pages are rendered on the server from templates, sessions are kept in the database and every form is validated on both sides.",
    thumbnail: 'tech-blog.png',
    thumbnailAlt: 'Illustration of an article page with an image, lines of text and a pencil',
    demo: 'https://alex-drecoll.github.io/tech-blog/',
    code: 'https://github.com/alex-drecoll/tech-blog',
  },
  {
    id: 'readme-generator',
    title: 'README Generator',
    tags: ['Node.js'],
    description:
      'A command-line tool that asks a few questions about a project and writes a tidy README.md: title, description, installation, usage, licence badge and contributing notes. It saves a few minutes on every new repository.',
    thumbnail: 'readme-generator.png',
    thumbnailAlt: 'Illustration of a terminal window next to a Markdown document',
    code: 'https://github.com/alex-drecoll/readme-generator',
  },
];

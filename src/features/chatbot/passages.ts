// Generated from the posts, the projects and the about page by src/integrations/chatbot-passages.ts,
// at every build: do not edit.
import type { Passage } from './logic.ts';

export const PASSAGES: readonly Passage[] = [
  {
    "url": "/about",
    "title": "About",
    "text": "I'm Alex Drecoll, a full-stack developer. I like the whole path of a feature: the data model, the API that guards it, and the page a person actually touches. I care most about the parts people notice without naming them: pages that load quickly on a phone, forms that explain themselves, and sites that work with a keyboard or a screen reader. I have built storefronts, dashboards, games and content sites for clients, with React, Node, PHP and Drupal. The projects on the home page show a selection; a few of them run right here."
  },
  {
    "url": "/about",
    "title": "About",
    "heading": "About this website",
    "text": "This site is both my portfolio and a showcase of how I think a site should be built. Besides the projects and the blog, it has a word game, an AI chatbot, a mock farm shop called Drecoll Hills Harvest, polls, a forum and a wedding guest list, with accounts and levels of access behind them. It is measured rather than guessed: every public page aims for full marks in Lighthouse for accessibility, best practices and SEO, and an automated accessibility check runs on every page in the test suite."
  },
  {
    "url": "/about",
    "title": "About",
    "heading": "Tech stack",
    "text": "Pages: Astro. Every page is plain HTML built ahead of time, so it arrives fast and works before any script runs. Reading pages load only a few kilobytes of JavaScript. Interactive parts: React islands and nanostores. The login dialog, the dashboard, the shop cart, the word game and the chatbot are small React islands that load only where they are needed. They share the session through tiny nanostores instead of a global framework. API: Netlify Functions. Each /api endpoint is a small serverless function written in TypeScript. It validates its input, checks who is asking and answers in JSON with clear error messages. Data: Upstash Redis. Accounts, scores and contact messages live in Redis, reached over HTTP so it suits serverless functions. Most requests cost one round trip. Accounts: jose and scrypt. Passwords are hashed with scrypt and a salt per user; sessions are signed tokens with an expiry. The server decides what each clearance level may do. Chatbot: OpenAI. The chatbot asks gpt-4o-mini through the openai client from a serverless function, so the key never reaches the browser; it answers questions about my work from the pages of this site, and shows which. Mail: Resend."
  },
  {
    "url": "/about",
    "title": "About",
    "heading": "Tech stack",
    "text": "Messages from the contact page and shop order confirmations are saved first and then mailed, so a mail outage never loses one. Quality: TypeScript, Vitest and Playwright. Everything is typed. Unit and integration tests run the functions against a real Redis; Playwright walks through the pages in Chromium, Firefox and WebKit and checks each with axe for accessibility."
  },
  {
    "url": "/projects/tea-shop",
    "title": "Tea Shop Website",
    "text": "A storefront for a small loose-leaf tea shop, built mobile-first with semantic HTML, Sass and a sprinkle of JavaScript. Visitors browse teas by origin and caffeine level, read brewing guides and find the shop on a map. It scores 100 for accessibility in Lighthouse and loads in under a second on a mid-range phone. Stack: HTML, CSS, Accessibility."
  },
  {
    "url": "/projects/ai-chatbot",
    "title": "AI Chatbot",
    "text": "A chat assistant built on OpenAI's gpt-4o-mini model, with adjustable system parameters: pick the assistant's persona and tone before you ask. A serverless function holds the API key, checks for bots and rate limits each visitor, so the key never reaches the browser. Try it right here on this site. Stack: AI, React, Serverless."
  },
  {
    "url": "/projects/ai-chatbot",
    "title": "AI Chatbot",
    "heading": "The problem",
    "text": "Visitors wanted to try a language model without handing their own key to a web page, and I wanted a chatbot that could not run up a bill when a bot found it."
  },
  {
    "url": "/projects/ai-chatbot",
    "title": "AI Chatbot",
    "heading": "What I built",
    "text": "A chat page with its own persona and tone settings, answered by gpt-4o-mini through a serverless function. The function holds the key, asks for a bot check on the first question, counts each visitor's tokens against a daily share and streams the answer as it comes. A signed-in visitor's conversations are kept by the server, within a byte budget per account. \"Ask about my work\" answers from this site's own pages, and lists under the answer the pages it used."
  },
  {
    "url": "/projects/ai-chatbot",
    "title": "AI Chatbot",
    "heading": "What I learned",
    "text": "Budgets belong in the same atomic step as the work they limit: a cap checked before the request and counted after it lets ten simultaneous questions through where three should pass."
  },
  {
    "url": "/projects/drecoll-hills-harvest",
    "title": "Drecoll Hills Harvest",
    "text": "A mock farm-produce shop with its own light theme: browse pickles, choose a type, size and quantity, keep them in a cart and submit an order. It also has a rotating 3D gallery of the farm, driven by buttons or the arrow keys. Log in to place an order; carts and orders are stored in Redis behind serverless functions. Stack: Shop, React, Redis."
  },
  {
    "url": "/projects/drecoll-hills-harvest",
    "title": "Drecoll Hills Harvest",
    "heading": "The problem",
    "text": "A small farm needed a shop that felt like its own place, light and calm, inside a developer's dark portfolio, and that worked on the phones its customers use at the market."
  },
  {
    "url": "/projects/drecoll-hills-harvest",
    "title": "Drecoll Hills Harvest",
    "heading": "What I built",
    "text": "A sub-site with its own theme and logo: pickles by type and size, a cart kept in Redis under the visitor's account, and orders the server checks against the shop's catalogue. The gallery is a ring of pictures turned by CSS, driven by buttons or the arrow keys, and still for anyone who asked for reduced motion."
  },
  {
    "url": "/projects/drecoll-hills-harvest",
    "title": "Drecoll Hills Harvest",
    "heading": "What I learned",
    "text": "The cart is the only part that needs a script, so it is the only part that loads one, and only when the visitor first reaches for it."
  },
  {
    "url": "/projects/word-game",
    "title": "Word Game",
    "text": "A five-letter word-guessing game: six tries, with green, yellow and grey tiles telling you how close each guess was. An on-screen keyboard makes it playable on a phone without a physical keyboard. Log in and your best round is saved to your dashboard. Stack: Word game, React, Accessibility."
  },
  {
    "url": "/projects/word-game",
    "title": "Word Game",
    "heading": "The problem",
    "text": "Word games are played on phones, in a spare minute, often with one hand. The first tap has to count, and the tiles have to make sense without colour."
  },
  {
    "url": "/projects/word-game",
    "title": "Word Game",
    "heading": "What I built",
    "text": "A five-letter guessing game with six tries, a daily word and 2,000 answers. The board is plain HTML before any script runs; keys pressed in the first second are recorded and replayed when the island arrives. Each tile says in words what it means, and a high-contrast switch changes the colours."
  },
  {
    "url": "/projects/word-game",
    "title": "Word Game",
    "heading": "What I learned",
    "text": "A dictionary check on the server keeps the word list off the phone, and makes cheating a little less tempting."
  },
  {
    "url": "/projects/tetris",
    "title": "Tetris",
    "text": "The falling-blocks classic written from scratch on an HTML canvas, with no game engine. It has wall kicks, a next-piece preview, levels that speed up and a high score kept in local storage. Keyboard and touch controls both work. Stack: JavaScript, Games."
  },
  {
    "url": "/projects/boating-app",
    "title": "Boating App",
    "text": "A trip planner for boaters built with React and an interactive map. Plot a route between waypoints, see its distance and the marine forecast along the way, and save trips for later. It needs a private map API key, so there is no public demo; the code and screenshots are on GitHub. Stack: React, Maps."
  },
  {
    "url": "/projects/cocktail-search",
    "title": "Cocktail Search",
    "text": "Search thousands of cocktail recipes by name or by what is already in your cabinet. Results come from a public cocktail API and show ingredients, measures and instructions. Favourites are kept in local storage. Stack: JavaScript, APIs."
  },
  {
    "url": "/projects/movie-search",
    "title": "Movie Search",
    "text": "A fast movie finder on top of a public film database API. Search as you type, with requests debounced and cancelled so results never arrive out of order. Each film opens a detail view with its cast, rating and plot. Stack: React, APIs."
  },
  {
    "url": "/projects/user-directory",
    "title": "User Directory",
    "text": "An employee directory in React that loads a few hundred people and lets you sort, filter and search them instantly. The table stays usable by keyboard and screen reader, with sortable column headers that announce their order. Stack: React."
  },
  {
    "url": "/projects/book-search",
    "title": "Book Search",
    "text": "A reading-list app: search books through a public books API and save the ones you want to read. It is a full-stack app with a React front end, a Node and Express API and a MongoDB database behind accounts. Stack: React, MongoDB."
  },
  {
    "url": "/projects/weather-dashboard",
    "title": "Weather Dashboard",
    "text": "Current conditions and a five-day forecast for any city, from a public weather API. Recent searches are remembered, units switch between Celsius and Fahrenheit, and the layout works from a small phone to a wide screen. Stack: JavaScript, APIs."
  },
  {
    "url": "/projects/portfolio",
    "title": "This Portfolio",
    "text": "The site you are on. Static Astro pages with small React islands, Netlify Functions for the API, Upstash Redis for data and signed tokens for accounts. It is built to score 100 for accessibility, best practices and SEO, and it is tested end to end in a real browser. Stack: Astro, React, Redis, Performance."
  },
  {
    "url": "/projects/portfolio",
    "title": "This Portfolio",
    "heading": "The problem",
    "text": "A portfolio shows what a developer can build; this one also had to show how: fast on a phone, accessible, secure, and pleasant for the next person to change."
  },
  {
    "url": "/projects/portfolio",
    "title": "This Portfolio",
    "heading": "What I built",
    "text": "A static Astro site with React islands where the page needs state, serverless functions over Redis for the apps, and a test suite that runs every flow in Chromium, Firefox and WebKit. Every public page is judged by Lighthouse against a bare HTML page measured in the same run."
  },
  {
    "url": "/projects/portfolio",
    "title": "This Portfolio",
    "heading": "What I learned",
    "text": "Numbers settle arguments: round trips per request, kilobytes per page and milliseconds to the first paint each have a test that fails when they grow."
  },
  {
    "url": "/projects/drupal-projects",
    "title": "Drupal Projects",
    "text": "Client sites built and maintained with Drupal: custom themes, content types and views, and modules written in PHP where the contributed ones fell short. The work includes migrations from older Drupal versions and accessibility fixes. The code belongs to the clients, so there is no public repository. Stack: Drupal, PHP."
  },
  {
    "url": "/projects/budget-tracker",
    "title": "Budget Tracker",
    "text": "A budget tracker that keeps working offline. It is a progressive web app: a service worker caches the app, and entries made without a connection are kept in IndexedDB and synced when you are back online. A chart shows where the month's money went. Stack: JavaScript, Offline."
  },
  {
    "url": "/projects/expense-tracker",
    "title": "Expense Tracker",
    "text": "A command-line expense tracker in Node.js backed by MySQL. It records expenses by category, prints monthly summaries and exports them as CSV. There is nothing to click, so no live demo: the repository shows it running. Stack: Node.js, MySQL."
  },
  {
    "url": "/projects/fitness-tracker",
    "title": "Fitness Tracker",
    "text": "Log workouts, exercises, sets and weights, then watch progress on charts over the last weeks. It runs on Node and Express with MongoDB, and its aggregation queries add up durations and weights on the database side. Stack: Node.js, MongoDB."
  },
  {
    "url": "/projects/tech-blog",
    "title": "Tech Blog",
    "text": "A developer blog where people sign up, publish posts and comment on each other's. Pages are rendered on the server from templates, sessions are kept in the database and every form is validated on both sides. Stack: Node.js, SQL."
  },
  {
    "url": "/projects/readme-generator",
    "title": "README Generator",
    "text": "A command-line tool that asks a few questions about a project and writes a tidy README.md: title, description, installation, usage, licence badge and contributing notes. It saves a few minutes on every new repository. Stack: Node.js."
  },
  {
    "url": "/blog/one-round-trip-per-vote",
    "title": "One round trip per read, two per write",
    "text": "How the scheduling polls on this site keep every vote to two Redis round trips, and why a Lua script is the unit of work. The scheduling polls on this site answer every request with at most one Redis round trip to read and two to write. The limit is a budget, not an accident: a serverless function talks to Upstash over HTTPS, so each round trip is a network hop that a visitor on a phone waits for."
  },
  {
    "url": "/blog/one-round-trip-per-vote",
    "title": "One round trip per read, two per write",
    "heading": "The vote as one script",
    "text": "A vote has to check the rate limit, find the poll, check that the option exists and that the poll is open, then write the answer and bump the poll's version. Done as separate commands, that is six hops and a race between each. Done as one Lua script, it is one hop, and Redis runs it without anything else in between: The TypeScript side names the keys and the arguments, so nothing counts positions:"
  },
  {
    "url": "/blog/one-round-trip-per-vote",
    "title": "One round trip per read, two per write",
    "heading": "What I measured",
    "text": "A test counts the round trips of every endpoint. It fails the day someone adds a third, which is exactly when I want to hear about it."
  },
  {
    "url": "/blog/a-word-game-in-thirteen-kilobytes",
    "title": "A word game that works before its script arrives",
    "text": "The five-letter word game paints its board as plain HTML and records your first taps until the island is ready. The word game is the heaviest page on the site, and the one people open on a phone. So the board is plain HTML, built ahead of time, and a tiny first script records the keys you press until the React island takes over and replays them. Nothing you type in the first second is lost."
  },
  {
    "url": "/blog/a-word-game-in-thirteen-kilobytes",
    "title": "A word game that works before its script arrives",
    "heading": "Tiles a screen reader can read",
    "text": "Each tile says what it is in words, not only in colour: \"A, correct spot\", \"R, not in the word\". The colour scheme has a high-contrast switch, and every key on the on-screen keyboard is a real button with a label."
  },
  {
    "url": "/blog/a-word-game-in-thirteen-kilobytes",
    "title": "A word game that works before its script arrives",
    "heading": "Small on purpose",
    "text": "The page ships one script of its own before the first tap. The dictionary check runs on the server, so the word list never travels to the phone."
  },
  {
    "url": "/blog/a-shop-without-a-framework-tax",
    "title": "A farm shop without a framework tax",
    "text": "Drecoll Hills Harvest is a light sub-site with its own theme, a cart kept in Redis and a rotating 3D gallery made of CSS. Drecoll Hills Harvest is a mock farm shop that lives inside this site with a light theme of its own. Product pages are static; only the cart is an island, and it loads when you first reach for it."
  },
  {
    "url": "/blog/a-shop-without-a-framework-tax",
    "title": "A farm shop without a framework tax",
    "heading": "The gallery is CSS",
    "text": "The rotating gallery is a ring of pictures turned with a CSS transform. Buttons and the arrow keys turn it; a visitor who asked for reduced motion gets a plain row instead."
  },
  {
    "url": "/blog/a-shop-without-a-framework-tax",
    "title": "A farm shop without a framework tax",
    "heading": "Orders the server checks",
    "text": "The cart lives in Redis under the visitor's account, and an order is checked against the shop's own catalogue on the server: the browser never decides what exists or how many."
  }
];

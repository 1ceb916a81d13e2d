// The parts of the site an owner can switch off (src/content/site.config.ts, `features`), and where
// each one lives: the paths of its pages and of its endpoints. A switched-off feature's pages are not
// built (src/integrations/site-config.ts), links to them are left out, and its endpoints answer 404
// (src/server/http.ts). Everything not listed here (home, about, contact, the dashboard, accounts)
// is always there.

export const FEATURES = ['shop', 'wordGame', 'chatbot', 'forum', 'poll', 'scheduling', 'wedding', 'blog'] as const;
export type Feature = (typeof FEATURES)[number];
export type FeatureSwitches = Readonly<Record<Feature, boolean>>;

/** The shop sub-site's home page. */
export const SHOP_HOME = '/drecoll_hills_harvest';

/**
 * Each feature's path prefixes: its pages (the files under src/feature-pages/<feature>/) and its
 * endpoints (the functions' `config.path`). A prefix matches itself and what follows a `/`.
 */
export const FEATURE_PATHS: Readonly<Record<Feature, { pages: readonly string[]; api: readonly string[] }>> = {
  shop: { pages: [SHOP_HOME], api: ['/api/dhh'] },
  wordGame: { pages: ['/word_game'], api: ['/api/scoring'] },
  chatbot: { pages: ['/chatbot'], api: ['/api/ask-ai', '/api/chatbot'] },
  forum: { pages: ['/forum'], api: ['/api/messages', '/api/forum'] },
  poll: { pages: ['/poll'], api: ['/api/poll'] },
  scheduling: { pages: ['/scheduling_polls', '/schedulingconsole'], api: ['/api/scheduling'] },
  wedding: { pages: ['/weddingconsole', '/rsvp'], api: ['/api/wedding'] },
  blog: { pages: ['/blog', '/rss.xml'], api: [] },
};

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The feature a site path (a page or an endpoint) belongs to, or undefined when it is always there. */
export function featureOf(path: string): Feature | undefined {
  const pathname = path.split(/[?#]/, 1)[0]!;
  return FEATURES.find((feature) =>
    [...FEATURE_PATHS[feature].pages, ...FEATURE_PATHS[feature].api].some((prefix) => under(pathname, prefix)),
  );
}

/** Whether a site path is served with these switches: always, unless its feature is off. */
export function isServed(path: string, switches: FeatureSwitches): boolean {
  const feature = featureOf(path);
  return feature === undefined || switches[feature];
}

// The browser specs whose outcome can change with the owner's config (src/content/site.config.ts):
// the second owner's run (./run.ts) runs these alone. A spec that reads only the feature switches,
// to skip itself when its feature is off, runs the same on any site that has the feature, so the
// first owner's run covers it. tests/lint/second-owner-specs.test.ts keeps this list true.
export const CONFIG_SPECS = [
  'auth',
  'blog',
  'chatbot-my-work',
  'contact',
  'faults',
  'inbox',
  'performance',
  'poll',
  'security',
  'seo',
  'shell',
  'shop',
  'showcase',
  'switched-off',
  'theme',
].map((name) => `tests/e2e/${name}.spec.ts`);

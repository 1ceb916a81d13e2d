// The site's config as the tests read it: the owner's own (src/content/site.config.ts), so the
// suites check what this site shows, and skip what its owner switched off, by the same switch.
import { features } from '../src/content/site.config.ts';
import { postFiles } from '../src/integrations/content-files.ts';
import { type Feature, isServed } from '../src/lib/features.ts';

export * from '../src/content/site.config.ts';

/** Why a test of a switched-off feature is skipped: `test.skip(!features.shop, switchedOff('shop'))`. */
export function switchedOff(feature: Feature): string {
  return `the ${feature} feature is switched off in src/content/site.config.ts`;
}

/** The paths the site serves with its config: a switched-off feature's are left out. */
export function served<T extends string>(paths: readonly T[]): T[] {
  return paths.filter((path) => isServed(path, features));
}

/** Every post the owner wrote, drafts too, newest first, as the blog lists them. */
export function writtenPosts() {
  return postFiles().map((post) => ({ ...post, hasCode: post.body.includes('```') }));
}

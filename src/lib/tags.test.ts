import { describe, expect, it } from 'vitest';
import { tagPath, tagSlug } from './tags.ts';

describe('a tag in a URL', () => {
  it.each([
    ['Redis', 'redis'],
    ['Web Performance', 'web-performance'],
    ['Node.js', 'node-js'],
    ['Café & Crème', 'cafe-creme'],
    ['  C++ ', 'c'],
  ])('%s is %s', (tag, slug) => {
    expect(tagSlug(tag)).toBe(slug);
    expect(tagPath(tag)).toBe(`/tags/${slug}`);
  });
});

import { describe, expect, it } from 'vitest';
import { excerptParts, resultCount, resultPath } from './logic.ts';

describe("a result's excerpt", () => {
  it('comes apart into text and matches, its escapes undone and no other tag kept', () => {
    expect(excerptParts('one <mark>Redis</mark> round &amp; trip &lt;b&gt; <mark>redis</mark>.')).toEqual([
      { text: 'one ', match: false },
      { text: 'Redis', match: true },
      { text: ' round & trip <b> ', match: false },
      { text: 'redis', match: true },
      { text: '.', match: false },
    ]);
    expect(excerptParts('<img src=x onerror=alert(1)>plain')).toEqual([{ text: 'plain', match: false }]);
  });
});

describe('results', () => {
  it('link as the site writes its links, and say how many there are', () => {
    expect(resultPath('/blog/a-post/')).toBe('/blog/a-post');
    expect(resultPath('/')).toBe('/');
    expect(resultCount(0, ' redis ')).toBe('Nothing found for “redis”.');
    expect(resultCount(1, 'redis')).toBe('1 page found for “redis”.');
    expect(resultCount(5, 'redis')).toBe('5 pages found for “redis”.');
  });
});

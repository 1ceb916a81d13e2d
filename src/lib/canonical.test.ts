import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical.ts';

describe('canonicalUrl', () => {
  it.each([
    ['/', 'https://site.example/'],
    ['/about/', 'https://site.example/about'],
    ['/about', 'https://site.example/about'],
    ['/drecoll_hills_harvest/gallery/', 'https://site.example/drecoll_hills_harvest/gallery'],
    ['/contact/index.html', 'https://site.example/contact'],
  ])('%s → %s', (path, url) => {
    expect(canonicalUrl(path, 'https://site.example')).toBe(url);
  });
});

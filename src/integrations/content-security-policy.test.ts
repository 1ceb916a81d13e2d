import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ASSET_POLICY, hashSource, headersFile, inlineCodeOf, policyFor, routeOf } from './content-security-policy.ts';

const page = (style: string, script = '') =>
  `<!doctype html><html><head><style>${style}</style>${script ? `<script type="module">${script}</script>` : ''}` +
  `<script type="module" src="/_astro/site.js"></script></head><body></body></html>`;

describe('the Content-Security-Policy written for each page', () => {
  it('reads inline styles and scripts, never a script loaded by src', () => {
    expect(inlineCodeOf(page('body{color:red}', 'go()'))).toEqual({ scripts: ['go()'], styles: ['body{color:red}'] });
    expect(inlineCodeOf('<script src="/a.js"></script><STYLE media="print">p{}</STYLE>')).toEqual({
      scripts: [],
      styles: ['p{}'],
    });
  });

  it("hashes the exact bytes the browser hashes: SHA-256 of the element's UTF-8 text, in base64", () => {
    const css = 'a::after{content:"é"}';
    expect(hashSource(css)).toBe(`'sha256-${createHash('sha256').update(Buffer.from(css, 'utf8')).digest('base64')}'`);
    expect(hashSource(css)).not.toBe(hashSource(`${css} `));
  });

  it('adds the hashes to script-src and style-src only, keeping every other directive strict', () => {
    const policy = policyFor({ scripts: ['go()'], styles: ['p{}', 'p{}'] });
    expect(policy).toContain(`style-src 'self' ${hashSource('p{}')};`);
    expect(policy.match(/sha256-/g)).toHaveLength(2);
    expect(policy).toMatch(/script-src 'self' [^;]*'sha256-/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
  });

  it('names each page by the address Netlify serves it at', () => {
    expect(routeOf('index.html')).toBe('/');
    expect(routeOf('about/index.html')).toBe('/about');
    expect(routeOf('drecoll_hills_harvest/gallery/index.html')).toBe('/drecoll_hills_harvest/gallery');
    expect(routeOf('404.html')).toBe('/404');
  });

  it("gives each page a rule with its own hashes, /* every page's (the 404 page's own), /_astro/* none", () => {
    const file = headersFile(
      new Map([
        ['/about', page('.about{}')],
        ['/', page('.home{}')],
        ['/404', page('.missing{}')],
      ]),
    );
    const rules = Object.fromEntries(
      [...file.matchAll(/^(\/\S*)\n {2}Content-Security-Policy: (.*)$/gm)].map((match) => [match[1], match[2]]),
    );
    expect(Object.keys(rules)).toEqual(['/*', '/', '/about', '/_astro/*']);
    // Fingerprinted scripts and pictures are never documents: a short policy allowing nothing.
    expect(rules['/_astro/*']).toBe(ASSET_POLICY);
    expect(rules['/about']).toContain(hashSource('.about{}'));
    expect(rules['/about']).not.toContain(hashSource('.home{}'));
    for (const css of ['.about{}', '.home{}', '.missing{}']) expect(rules['/*']).toContain(hashSource(css));
  });

  it('lets /search alone run WebAssembly (Pagefind), and /* too, since a host may send both rules', () => {
    const file = headersFile(
      new Map([
        ['/about', page('.about{}')],
        ['/search', page('.search{}')],
      ]),
    );
    const scriptSources = (route: string) =>
      new RegExp(`^${route.replace('*', '\\*')}\n {2}Content-Security-Policy: .*?script-src ([^;]*)`, 'm').exec(
        file,
      )![1]!;
    expect(scriptSources('/search')).toContain("'wasm-unsafe-eval'");
    expect(scriptSources('/*')).toContain("'wasm-unsafe-eval'");
    expect(scriptSources('/about')).not.toContain('wasm');
    expect(file).not.toMatch(/'unsafe-eval'|'unsafe-inline'/);
    expect(headersFile(new Map([['/about', page('.about{}')]]))).not.toContain('wasm');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { WAITS_FOR_FIRST_SCREEN } from '../lib/first-screen.ts';
import { loaderFor, withLoaderAfterFirstScreen } from './after-first-screen.ts';

const page = (scripts: string) =>
  `<!doctype html><html><head><style>p{}</style>${scripts}</head><body><p>Hello</p></body></html>`;

describe("a page's script and waiting pictures, after its first screen", () => {
  it('replaces the emitted module script with an inline loader in its place', () => {
    const html = withLoaderAfterFirstScreen(page('<script type="module" src="/_astro/site.Ab-1.js"></script>'));
    expect(html).not.toContain(' src=');
    expect(html).toContain(`<script type="module">${loaderFor(['/_astro/site.Ab-1.js'])}</script></head>`);
  });

  it('loads several emitted scripts from one loader, in their order', () => {
    const html = withLoaderAfterFirstScreen(
      page('<script type="module" src="/_astro/a.1.js"></script><script type="module" src="/_astro/b.2.js"></script>'),
    );
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(loaderFor(['/_astro/a.1.js', '/_astro/b.2.js']));
  });

  it('leaves a page without an emitted script, and any other script, as it was', () => {
    const plain = page('');
    expect(withLoaderAfterFirstScreen(plain)).toBe(plain);
    const foreign = page('<script type="module" src="https://example.com/x.js"></script>');
    expect(withLoaderAfterFirstScreen(foreign)).toBe(foreign);
  });

  it('refuses a page whose pictures wait for its first screen but that has no script to let them load', () => {
    const waiting = `<picture><source media="(scripting: enabled)" srcset="data:," ${WAITS_FOR_FIRST_SCREEN}><img src="/a.webp" alt=""></picture>`;
    expect(() => withLoaderAfterFirstScreen(page(waiting))).toThrow(/no script/);
  });

  it('lets the waiting pictures load and imports once the first contentful paint is reported and the high-priority pictures are shown, and at once where paint timing is unknown', async () => {
    const imported: string[] = [];
    const importModule = async (source: string) => void imported.push(source);
    const code = loaderFor(['/_astro/a.js', '/_astro/b.js']).replaceAll('import(', 'importModule(');
    let report:
      ((list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect(): void }) => void) | undefined;
    class Observer {
      static supportedEntryTypes = ['paint'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe() {}
    }
    // One picture that arrives when the test says, one that fails.
    let decoded!: () => void;
    const pictures = [
      { decode: () => new Promise<void>((resolve) => (decoded = resolve)) },
      { decode: () => Promise.reject(new Error('broken')) },
    ];
    // Two pictures waiting for the first screen, each held back by a <source>.
    const removed: number[] = [];
    const waiting = [0, 1].map((index) => ({ remove: () => removed.push(index) }));
    const document = {
      querySelectorAll: (selector: string) =>
        ({ 'img[fetchpriority=high]': pictures, [`source[${WAITS_FOR_FIRST_SCREEN}]`]: waiting })[selector] ?? [],
    };
    const frames: (() => void)[] = [];
    const requestAnimationFrame = (callback: () => void) => frames.push(callback);
    const run = (observer: unknown) =>
      new Function('PerformanceObserver', 'importModule', 'document', 'requestAnimationFrame', code)(
        observer,
        importModule,
        document,
        requestAnimationFrame,
      );
    const settle = () => new Promise((resolve) => setTimeout(resolve));

    run(Observer);
    const disconnect = vi.fn();
    report!({ getEntriesByName: (name) => (name === 'first-paint' ? [{}] : []) }, { disconnect });
    await settle();
    expect(disconnect).not.toHaveBeenCalled();
    report!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, { disconnect });
    await settle();
    expect(disconnect).toHaveBeenCalled();
    expect(frames).toHaveLength(0); // the first picture is not decoded yet
    decoded();
    await settle();
    expect(frames).toHaveLength(1);
    expect(imported).toEqual([]); // not before the frame that shows it
    expect(removed).toEqual([]);
    frames[0]!();
    await settle();
    await settle();
    expect(removed).toEqual([0, 1]);
    expect(imported).toEqual(['/_astro/a.js', '/_astro/b.js']);

    imported.length = 0;
    removed.length = 0;
    run({ supportedEntryTypes: [] });
    await settle();
    expect(removed).toEqual([0, 1]);
    expect(imported).toEqual(['/_astro/a.js', '/_astro/b.js']);
  });
});

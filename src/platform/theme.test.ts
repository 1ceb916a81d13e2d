// The visitor's theme choice and the theme a page shows from it, and the <head> script that applies
// it before the first paint, run on its own as the browser gets it.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { THEME_SCRIPT } from '../layouts/first-script.ts';
import { THEME_COLORS, THEME_KEY, themeAnnouncement, themeChoiceOf, themeFor } from './theme.ts';

describe('the stored choice', () => {
  it('is one of light, dark and system, and anything else is no choice', () => {
    expect(themeChoiceOf('light')).toBe('light');
    expect(themeChoiceOf('dark')).toBe('dark');
    expect(themeChoiceOf('system')).toBe('system');
    for (const stored of [null, '', 'Light', 'auto', '"dark"']) expect(themeChoiceOf(stored)).toBeNull();
  });
});

describe('the theme a page shows', () => {
  it('is the page’s own default without a choice: dark on the main site, light in the shop', () => {
    for (const prefersDark of [true, false]) {
      expect(themeFor(null, 'dark', prefersDark)).toBe('dark');
      expect(themeFor(null, 'light', prefersDark)).toBe('light');
    }
  });

  it('is the visitor’s light or dark on every page, whatever the device prefers', () => {
    for (const pageDefault of ['light', 'dark'] as const) {
      for (const prefersDark of [true, false]) {
        expect(themeFor('light', pageDefault, prefersDark)).toBe('light');
        expect(themeFor('dark', pageDefault, prefersDark)).toBe('dark');
      }
    }
  });

  it('follows the device under system, on every page', () => {
    for (const pageDefault of ['light', 'dark'] as const) {
      expect(themeFor('system', pageDefault, true)).toBe('dark');
      expect(themeFor('system', pageDefault, false)).toBe('light');
    }
  });
});

describe('what a screen reader hears', () => {
  it('names the theme chosen, and under system the one it shows', () => {
    expect(themeAnnouncement('light', 'light')).toBe('Light theme');
    expect(themeAnnouncement('dark', 'dark')).toBe('Dark theme');
    expect(themeAnnouncement('system', 'dark')).toBe('System theme (dark)');
    expect(themeAnnouncement('system', 'light')).toBe('System theme (light)');
  });
});

/** Runs the <head> script in a page of fakes: <html data-theme-default>, storage, the device's preference. */
function runThemeScript({
  pageDefault,
  stored,
  prefersDark = false,
  storageOff = false,
}: {
  pageDefault: 'light' | 'dark';
  stored: string | null;
  prefersDark?: boolean;
  storageOff?: boolean;
}) {
  const dataset: Record<string, string> = { theme: pageDefault, themeDefault: pageDefault };
  const meta = {
    content: THEME_COLORS[pageDefault],
    setAttribute: (_: string, value: string) => (meta.content = value),
  };
  const listeners: (() => void)[] = [];
  const media = {
    matches: prefersDark,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
  };
  const storage = new Map(stored === null ? [] : [[THEME_KEY, stored]]);
  const page: Record<string, unknown> = {
    document: {
      documentElement: { dataset },
      querySelector: (selector: string) => (selector === 'meta[name="theme-color"]' ? meta : null),
    },
    localStorage: {
      getItem: (key: string) => {
        if (storageOff) throw new Error('SecurityError');
        return storage.get(key) ?? null;
      },
    },
    matchMedia: (query: string) => {
      expect(query).toBe('(prefers-color-scheme: dark)');
      return media;
    },
    addEventListener: () => undefined,
  };
  page.window = page;
  runInNewContext(THEME_SCRIPT, page);
  /** The device's preference changes. */
  const prefer = (dark: boolean) => {
    media.matches = dark;
    for (const listener of listeners) listener();
  };
  return { dataset, meta, prefer };
}

describe('the <head> script', () => {
  it('leaves each page its default without a choice', () => {
    for (const pageDefault of ['light', 'dark'] as const) {
      const { dataset, meta } = runThemeScript({ pageDefault, stored: null, prefersDark: pageDefault === 'light' });
      expect(dataset.theme).toBe(pageDefault);
      expect(dataset.themeChoice).toBe(pageDefault);
      expect(meta.content).toBe(THEME_COLORS[pageDefault]);
    }
  });

  it('applies the stored light or dark, and its theme-color, on either page', () => {
    for (const pageDefault of ['light', 'dark'] as const) {
      for (const stored of ['light', 'dark'] as const) {
        const { dataset, meta } = runThemeScript({ pageDefault, stored });
        expect(dataset.theme).toBe(stored);
        expect(dataset.themeChoice).toBe(stored);
        expect(meta.content).toBe(THEME_COLORS[stored]);
      }
    }
  });

  it('follows the device under system, and again when it changes', () => {
    const { dataset, meta, prefer } = runThemeScript({ pageDefault: 'dark', stored: 'system', prefersDark: false });
    expect(dataset.theme).toBe('light');
    expect(dataset.themeChoice).toBe('system');
    expect(meta.content).toBe(THEME_COLORS.light);
    prefer(true);
    expect(dataset.theme).toBe('dark');
    expect(meta.content).toBe(THEME_COLORS.dark);
  });

  it('keeps the page’s default when storage is off', () => {
    const { dataset } = runThemeScript({ pageDefault: 'light', stored: 'dark', storageOff: true });
    expect(dataset.theme).toBe('light');
  });
});

// `npm run audit`: Lighthouse (mobile, median of 3) on every public route of the production-like
// server over the built dist/. Prints one table and fails when accessibility, best-practices or
// SEO drop below 100, any run shifts layout (CLS above 0), the median performance falls below
// 95, or a reading page's median LCP is more than 1.3 times the floor: the budgets in
// docs/architecture.md. The floor is the median LCP of a bare page (a heading and a paragraph)
// that the same server serves in the same run, so the limit holds on a slow machine as on a fast
// one. Each route is measured in its own theme, and once more in the other (the visitor's stored
// choice, see chooseTheme) for what colours can change: accessibility, best practices, SEO, CLS.
// The table also sets each page beside the picture floor, the same page with the home page's first
// picture: a page whose largest paint is a picture cannot paint it before it has fetched it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { findChromium } from './browsers.ts';
import { features } from '../src/content/site.config.ts';
import { WEDDING_GUESTS } from '../src/content/wedding-guests.ts';
import { linkToken } from '../src/features/wedding/links.server.ts';
import { guestKey } from '../src/features/wedding/logic.ts';
import { SHOP_HOME, isServed } from '../src/lib/features.ts';
import { THEME_KEY, type Theme } from '../src/platform/theme.ts';
import { PUBLIC_PAGES, READING_PAGES } from '../tests/e2e/routes.ts';
import { startProductionServer } from './production-server.ts';

/**
 * A missing page must answer 404 and ask not to be indexed; Lighthouse counts both against SEO
 * (http-status-code, is-crawlable), and the browser logs the document's own 404 as a console
 * error (errors-in-console, best practices). Those are exempt there, the last one only when the
 * page itself is the only error logged.
 */
const EXPECTED_FAILURES: Record<string, string[]> = {
  '/missing-page': ['http-status-code', 'is-crawlable', 'errors-in-console'],
  // A household's RSVP page is private: noindex on purpose (is-crawlable), like the consoles.
  '/rsvp': ['is-crawlable'],
};
/** What a route is exempt from: its page's (a household's RSVP page is /rsvp with its token after '#'). */
const expectedFailures = (route: string) => EXPECTED_FAILURES[route.split('#')[0]!] ?? [];
const NOTES: Record<string, string> = { '/missing-page': ' (404: see note)', '/rsvp': ' (noindex: see note)' };

// The audit's server signs with a secret of the run's own, so the audit can make a household's RSVP
// link and measure the page with its invitation and form, not only the shell's "not valid" answer.
process.env.TOKEN_SECRET ??= randomBytes(32).toString('hex');
const RSVP_FORM = isServed('/rsvp', features) ? [`/rsvp#${linkToken(guestKey(WEDDING_GUESTS[0]!))}`] : [];

const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
const ONLY = process.env.AUDIT_ROUTES?.split(',');
const LIMITS = { perf: 95, a11y: 100, bp: 100, seo: 100, cls: 0, lcpOverFloor: 1.3 };

/** The reference pages: nothing to load but themselves, and one picture. */
const FLOOR_ROUTE = '/audit-floor';
const IMAGE_FLOOR_ROUTE = '/audit-floor-picture';

/** A bare page: one heading and one paragraph, and what is given after them. */
const barePage = (extra = '') => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A bare page: the audit's floor for first paint." />
    <title>Floor</title>
  </head>
  <body>
    <h1>Floor</h1>
    <p>A bare page with one heading and one paragraph, served by the same server as the site.</p>
    ${extra}
  </body>
</html>
`;

/** The home page's first picture as built (its sources in dist/_astro/), sized as a phone shows it. */
function firstPictureOfHome(): string {
  const picture = /<picture[\s\S]*?<\/picture>/.exec(readFileSync('dist/index.html', 'utf8'))?.[0];
  if (!picture) throw new Error('dist/index.html has no <picture>: the picture floor needs one.');
  return picture.replace(/width="\d+" height="\d+"/, 'width="380" height="238"');
}

interface Row {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcp: number;
  fcp: number;
  si: number;
  cls: number;
  /** What shifted, when anything did: Lighthouse's layout-shift items (element and score). */
  shifted: string[];
  tbt: number;
  js: number;
  requests: number;
  scripts: number;
  failing: string[];
}

/** The theme a route shows when the visitor has chosen none (src/platform/theme.ts), and the other. */
const defaultTheme = (route: string): Theme => (route.startsWith(SHOP_HOME) ? 'light' : 'dark');
const otherTheme = (route: string): Theme => (defaultTheme(route) === 'dark' ? 'light' : 'dark');

/**
 * Keeps `theme` as the visitor's choice in the audit's browser (or none, for the page's default), as
 * a visitor who chose it in the nav has it: Lighthouse clears the origin's caches and service
 * workers before each run but not its localStorage (its default clearStorageTypes), so each run
 * then loads the page as that visitor does, the choice applied by the page's own <head> script. A
 * page of the site that runs no script (robots.txt) is where it is set, then checked on `route`.
 */
async function chooseTheme(base: string, port: number, route: string, theme: Theme | null): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/robots.txt`);
    await page.evaluate(
      (key, value) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
      THEME_KEY,
      theme,
    );
    await page.goto(base + route);
    const shown = await page.evaluate(() => document.documentElement.dataset.theme);
    if (shown !== (theme ?? defaultTheme(route))) throw new Error(`${route} shows ${shown}, not ${theme}.`);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const worst = (values: number[]) => Math.min(...values);

/** Runs Lighthouse on one URL and reads the figures the table shows. */
async function measure(url: string, port: number): Promise<Row> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    // The missing page answers 404 by design; without this Lighthouse would refuse to audit it.
    ignoreStatusCode: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // The whole page's picture is for a report's element views, which nothing here reads: about
    // a second a run.
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const items = (
    audits['resource-summary']?.details as {
      items?: { resourceType: string; transferSize: number; requestCount: number }[];
    }
  )?.items;
  const resource = (type: string) => items?.find((item) => item.resourceType === type);
  const consoleErrors =
    (audits['errors-in-console']?.details as { items?: { description?: string; sourceLocation?: { url?: string } }[] })
      ?.items ?? [];
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) =>
        ref.id === 'errors-in-console' && consoleErrors.some((item) => item.sourceLocation?.url !== url)
          ? `errors-in-console (other than the page: ${consoleErrors
              .filter((item) => item.sourceLocation?.url !== url)
              .map((item) => `${item.sourceLocation?.url}: ${item.description}`)
              .join('; ')})`
          : ref.id,
      ),
  );
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    fcp: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    si: Math.round(audits['speed-index']?.numericValue ?? 0),
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    shifted: (
      (
        audits['layout-shifts']?.details as {
          items?: { node?: { snippet?: string; selector?: string }; score?: number }[];
        }
      )?.items ?? []
    ).map(({ node, score }) => `${node?.selector ?? '?'} ${node?.snippet ?? ''} (${score})`),
    tbt: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    js: resource('script')?.transferSize ?? 0,
    requests: resource('total')?.requestCount ?? 0,
    scripts: resource('script')?.requestCount ?? 0,
    failing,
  };
}

/**
 * Measures a URL, again when Lighthouse saw no paint at all (a run that failed inside Lighthouse
 * reports an LCP of 0, which as the floor would fail every page): up to three tries, then an error.
 */
async function measurePainted(url: string, port: number): Promise<Row> {
  for (let attempt = 1; ; attempt++) {
    const row = await measure(url, port);
    if (row.lcp > 0) return row;
    if (attempt === 3) throw new Error(`Lighthouse measured no paint on ${url} in three tries.`);
    console.warn(`Lighthouse measured no paint on ${url}; measuring again.`);
  }
}

/**
 * The problems of a route's runs against the limits, as sentences. Its timings (the performance
 * median, LCP against the floor) are judged in its own theme only (`timed`): the other one changes
 * nothing but colours, and is run once for what colours can change.
 */
function problems(route: string, runs: Row[], floor: number, timed: boolean): string[] {
  const found: string[] = [];
  const unexpected = [...new Set(runs.flatMap((run) => run.failing))].filter(
    (id) => !expectedFailures(route).includes(id),
  );
  if (unexpected.length) found.push(`${route}: failing audits ${unexpected.join(', ')}`);
  if (Math.max(...runs.map((run) => run.cls)) > LIMITS.cls) {
    const shifted = [...new Set(runs.flatMap((run) => run.shifted))];
    found.push(`${route}: CLS above ${LIMITS.cls}${shifted.length ? ` (shifted: ${shifted.join('; ')})` : ''}`);
  }
  if (!timed) return found;
  if (median(runs.map((run) => run.perf)) < LIMITS.perf)
    found.push(`${route}: median performance below ${LIMITS.perf}`);
  const lcp = median(runs.map((run) => run.lcp));
  if (READING_PAGES.includes(route) && lcp > LIMITS.lcpOverFloor * floor)
    found.push(`${route}: median LCP ${lcp} ms is over ${LIMITS.lcpOverFloor} times the floor (${floor} ms)`);
  return found;
}

const floorDir = mkdtempSync(join(tmpdir(), 'audit-floor-'));
for (const [route, html] of [
  [FLOOR_ROUTE, barePage()],
  [IMAGE_FLOOR_ROUTE, barePage(firstPictureOfHome())],
]) {
  mkdirSync(join(floorDir, route!));
  writeFileSync(join(floorDir, route!, 'index.html'), html!);
}
// The embedded store with its demo data (the wedding's households among them), also where CI sets
// REDIS_URL for the tests: a household's RSVP link finds nothing in an empty Redis.
const server = await startProductionServer({ EXTRA_STATIC_DIR: floorDir, REDIS_URL: '' });
const chrome = await chromeLauncher.launch({
  chromePath: findChromium(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});

const failures: string[] = [];
try {
  const table: Record<string, unknown>[] = [];
  const measureRuns = async (route: string, count = RUNS) => {
    const runs: Row[] = [];
    for (let run = 0; run < count; run++) runs.push(await measurePainted(server.base + route, chrome.port));
    return runs;
  };
  const row = (route: string, runs: Row[], floors: { text: number; picture: number }, note = '') => {
    const lcp = median(runs.map((run) => run.lcp));
    return {
      route,
      perf: median(runs.map((run) => run.perf)),
      a11y: worst(runs.map((run) => run.a11y)),
      bp: `${worst(runs.map((run) => run.bp))}${note}`,
      seo: `${worst(runs.map((run) => run.seo))}${note}`,
      'LCP ms': lcp,
      'x floor': Number((lcp / floors.text).toFixed(2)),
      'x picture floor': Number((lcp / floors.picture).toFixed(2)),
      'FCP ms': median(runs.map((run) => run.fcp)),
      'SI ms': median(runs.map((run) => run.si)),
      CLS: Math.max(...runs.map((run) => run.cls)),
      'TBT ms': median(runs.map((run) => run.tbt)),
      requests: median(runs.map((run) => run.requests)),
      scripts: median(runs.map((run) => run.scripts)),
      'JS bytes': median(runs.map((run) => run.js)),
    };
  };
  // A first Lighthouse run in a fresh browser is slower than the rest: it warms up, uncounted.
  await measure(server.base + FLOOR_ROUTE, chrome.port);
  const floorRuns = await measureRuns(FLOOR_ROUTE);
  const pictureFloorRuns = await measureRuns(IMAGE_FLOOR_ROUTE);
  const floors = {
    text: median(floorRuns.map((run) => run.lcp)),
    picture: median(pictureFloorRuns.map((run) => run.lcp)),
  };
  // The reference pages are not ours to score (they have no favicon, say): only their timings count.
  const unscored = { perf: '-', a11y: '-', bp: '-', seo: '-' };
  table.push({ ...row(`${FLOOR_ROUTE} (floor)`, floorRuns, floors), ...unscored });
  table.push({ ...row(`${IMAGE_FLOOR_ROUTE} (picture floor)`, pictureFloorRuns, floors), ...unscored });
  // Each route in its own theme, then in the other one (issue 36: both themes keep every budget).
  for (const route of ONLY ?? [...PUBLIC_PAGES, ...RSVP_FORM]) {
    for (const theme of [null, otherTheme(route)]) {
      await chooseTheme(server.base, chrome.port, route, theme);
      const runs = await measureRuns(route, theme ? 1 : RUNS);
      const name = theme ? `${route} (${theme})` : route;
      table.push(row(name, runs, floors, NOTES[route.split('#')[0]!] ?? ''));
      failures.push(
        ...problems(route, runs, floors.text, !theme).map((problem) =>
          theme ? `${problem} (${theme} theme)` : problem,
        ),
      );
    }
  }
  console.table(table);
  console.log(
    `Limits: accessibility, best-practices and SEO ${LIMITS.a11y}; CLS at most ${LIMITS.cls}; median performance at least ${LIMITS.perf} ` +
      `(timings in a page's own theme; the other theme is run once, for colours); ` +
      `a reading page's median LCP at most ${LIMITS.lcpOverFloor} times the floor (${floors.text} ms, so ${Math.round(LIMITS.lcpOverFloor * floors.text)} ms). ` +
      `The missing page is exempt from the audits a 404 must fail (${EXPECTED_FAILURES['/missing-page']!.join(', ')}); ` +
      `a household's RSVP page from those a private page fails (${EXPECTED_FAILURES['/rsvp']!.join(', ')}: it is noindex).`,
  );
} finally {
  await chrome.kill();
  server.stop();
  rmSync(floorDir, { recursive: true, force: true });
}

if (failures.length) {
  console.error(`Audit failed:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('Audit passed.');

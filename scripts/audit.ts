// `npm run audit`: Lighthouse (mobile, median of 3) on every public route of the production-like
// server over the built dist/. Prints one table and fails when accessibility, best-practices or
// SEO drop below 100, any run shifts layout (CLS above 0), or the median performance falls below
// 95: the budgets in docs/architecture.md.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from './chromium.ts';
import { PUBLIC_PAGES } from '../tests/e2e/routes.ts';
import { startProductionServer } from './production-server.ts';

/**
 * A missing page must answer 404 and ask not to be indexed; Lighthouse counts both against SEO
 * (http-status-code, is-crawlable), and the browser logs the document's own 404 as a console
 * error (errors-in-console, best practices). Those are exempt there, the last one only when the
 * page itself is the only error logged.
 */
const EXPECTED_FAILURES: Record<string, string[]> = {
  '/missing-page': ['http-status-code', 'is-crawlable', 'errors-in-console'],
};

const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
const ONLY = process.env.AUDIT_ROUTES?.split(',');
const LIMITS = { perf: 95, a11y: 100, bp: 100, seo: 100, cls: 0 };

interface Row {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcp: number;
  cls: number;
  tbt: number;
  js: number;
  failing: string[];
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
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const items = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] })
    ?.items;
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
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    tbt: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    js: items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
    failing,
  };
}

/** The problems of a route's runs against the limits, as sentences. */
function problems(route: string, runs: Row[]): string[] {
  const found: string[] = [];
  const unexpected = [...new Set(runs.flatMap((run) => run.failing))].filter(
    (id) => !(EXPECTED_FAILURES[route] ?? []).includes(id),
  );
  if (unexpected.length) found.push(`${route}: failing audits ${unexpected.join(', ')}`);
  if (median(runs.map((run) => run.perf)) < LIMITS.perf)
    found.push(`${route}: median performance below ${LIMITS.perf}`);
  if (Math.max(...runs.map((run) => run.cls)) > LIMITS.cls) found.push(`${route}: CLS above ${LIMITS.cls}`);
  return found;
}

const server = await startProductionServer();
const chrome = await chromeLauncher.launch({
  chromePath: findChromium(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});

const failures: string[] = [];
try {
  const table: Record<string, unknown>[] = [];
  for (const route of ONLY ?? PUBLIC_PAGES) {
    const runs: Row[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(server.base + route, chrome.port));
    const note = EXPECTED_FAILURES[route] ? ' (404: see note)' : '';
    table.push({
      route,
      perf: median(runs.map((run) => run.perf)),
      a11y: worst(runs.map((run) => run.a11y)),
      bp: `${worst(runs.map((run) => run.bp))}${note}`,
      seo: `${worst(runs.map((run) => run.seo))}${note}`,
      'LCP ms': median(runs.map((run) => run.lcp)),
      CLS: Math.max(...runs.map((run) => run.cls)),
      'TBT ms': median(runs.map((run) => run.tbt)),
      'JS bytes': median(runs.map((run) => run.js)),
    });
    failures.push(...problems(route, runs));
  }
  console.table(table);
  console.log(
    `Limits: accessibility, best-practices and SEO ${LIMITS.a11y}; CLS at most ${LIMITS.cls}; median performance at least ${LIMITS.perf}. ` +
      `The missing page is exempt from the audits a 404 must fail (${EXPECTED_FAILURES['/missing-page']!.join(', ')}).`,
  );
} finally {
  await chrome.kill();
  server.stop();
}

if (failures.length) {
  console.error(`Audit failed:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('Audit passed.');

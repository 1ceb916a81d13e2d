// What a flow does with the site, the same in every engine: open a page, find elements by role and
// name, click, type, wait, read, scan with axe, collect the page's errors. Built on a Tab's few
// operations (driver.ts); the assertions wait by polling, as Playwright's own do.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import type { Engine, KeyName, Tab } from './driver.ts';
import { type Query, ROLE_SELECTORS, findElement, pageErrors } from './in-page.ts';
import type { SiteProxy } from './proxy.ts';

/**
 * How long a flow waits for the page to show what it expects: two browsers, the server and its store share two cores.
 */
export const WAIT_MS = 15_000;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The rule sets docs/architecture.md names, as the Chromium suite's scan (tests/e2e/helpers.ts). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export class Site {
  /** The proxy's first request for the page opened last. */
  private pageStart = 0;

  readonly engine: Engine;
  readonly proxy: SiteProxy;
  private readonly tab: Tab;

  constructor(engine: Engine, tab: Tab, proxy: SiteProxy) {
    this.engine = engine;
    this.tab = tab;
    this.proxy = proxy;
  }

  /** Opens `path` and, unless told otherwise, waits until the site script has wired it (html[data-ready]). */
  async goto(path: string, { wired = true } = {}): Promise<void> {
    this.pageStart = this.proxy.requests.length;
    await this.tab.goto(this.proxy.url + path);
    if (wired) await this.waitUntil(() => document.documentElement.hasAttribute('data-ready'));
  }

  /** Does `action`, which leaves the page, and waits until the next page is wired (the same address too). */
  async leave(action: () => Promise<void>): Promise<void> {
    await this.run(() => void ((window as { leaving?: boolean }).leaving = true));
    await action();
    await this.waitUntil(() => !('leaving' in window) && document.documentElement.hasAttribute('data-ready'));
  }

  /** Runs `fn` in the page with `args` (JSON) and answers its result; `fn` must use nothing from outside its body. */
  run<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return this.tab.evaluate(`(${fn})(...${JSON.stringify(args)})`);
  }

  /** Waits until `fn` answers true in the page (a page that is being left answers false), asking every 50 ms. */
  async waitUntil<A extends unknown[]>(fn: (...args: A) => boolean, ...args: A): Promise<void> {
    const answer = () => this.run(fn, ...args).catch(unlessSessionGone);
    await expect.poll(answer, { timeout: WAIT_MS, intervals: [50], message: String(fn) }).toBe(true);
  }

  private locate(query: Query): string {
    return `(${findElement})(${JSON.stringify(query)}, ${JSON.stringify(ROLE_SELECTORS)})`;
  }

  /** Answers `read` of the element `query` finds, or null when it finds none. */
  read<R>(query: Query, read: (element: Element) => R): Promise<R | null> {
    return this.tab.evaluate(`((element) => element ? (${read})(element) : null)(${this.locate(query)})`);
  }

  /** Answers whether `query` finds an element that shows (false while the page is being left). */
  isVisible(query: Query): Promise<boolean> {
    return this.tab.evaluate<boolean>(`Boolean(${this.locate(query)})`).catch(unlessSessionGone);
  }

  /** The element's text, whitespace collapsed ('' when there is none). */
  async text(query: Query): Promise<string> {
    return (await this.read(query, (element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())) ?? '';
  }

  async expectVisible(query: Query): Promise<void> {
    await expect.poll(() => this.isVisible(query), { timeout: WAIT_MS, message: describe(query) }).toBe(true);
  }

  async expectHidden(query: Query): Promise<void> {
    await expect.poll(() => this.isVisible(query), { timeout: WAIT_MS, message: describe(query) }).toBe(false);
  }

  async expectText(query: Query, text: string | RegExp): Promise<void> {
    const poll = expect.poll(() => this.text(query), { timeout: WAIT_MS, message: describe(query) });
    await (typeof text === 'string' ? poll.toContain(text) : poll.toMatch(text));
  }

  /**
   * Clicks the element once it shows, is enabled and has stopped moving (the same box over two
   * frames, as Playwright waits for), as a pointer does: a click aimed while a late render moves it
   * would land on whatever took its place.
   */
  async click(query: Query): Promise<void> {
    const enabled = () => this.read(query, (element) => !element.matches(':disabled, [aria-disabled=true]'));
    await expect.poll(enabled, { timeout: WAIT_MS, message: `${describe(query)} enabled` }).toBe(true);
    await this.expectVisible(query);
    const still = () =>
      this.read(query, (element) => {
        const box = () => JSON.stringify(element.getBoundingClientRect());
        const before = box();
        return new Promise((settled) =>
          requestAnimationFrame(() => requestAnimationFrame(() => settled(box() === before))),
        );
      });
    await expect.poll(still, { timeout: WAIT_MS, message: `${describe(query)} still` }).toBe(true);
    await this.tab.click(this.locate(query));
  }

  async hover(query: Query): Promise<void> {
    await this.expectVisible(query);
    await this.tab.hover(this.locate(query));
  }

  /** Focuses the field, selects what it holds and types `text` over it. */
  async fill(query: Query, text: string): Promise<void> {
    await this.click(query);
    await this.read(query, (element) => (element as HTMLInputElement).select());
    await this.tab.type(text);
  }

  /**
   * Chooses the option whose text is `option` in the select `query` finds, as picking it does: the
   * select takes the focus, then its value changes with input and change events. (A click would open
   * each engine's own picker, which no page script can see.)
   */
  async select(query: Query, option: string): Promise<void> {
    await this.expectVisible(query);
    const chose = await this.tab.evaluate<boolean>(
      `((select, text) => {
        const found = [...select.options].find((candidate) => candidate.text.trim() === text);
        if (!found) return false;
        select.focus();
        select.value = found.value;
        select.dispatchEvent(new Event('input', { bubbles: true }));
        select.dispatchEvent(new Event('change', { bubbles: true }));
        return true;
      })(${this.locate(query)}, ${JSON.stringify(option)})`,
    );
    expect(chose, `${describe(query)} has the option ${option}`).toBe(true);
  }

  /** Types into whatever has the focus. */
  type(text: string): Promise<void> {
    return this.tab.type(text);
  }

  press(key: KeyName): Promise<void> {
    return this.tab.press(key);
  }

  /**
   * Keeps `token` in this browser, as a visitor who logged in earlier has it; the next page opens
   * signed in. Stored from a file of the site that loads none of its scripts, which the browser
   * would then have cached.
   */
  async storeToken(token: string): Promise<void> {
    await this.tab.goto(`${this.proxy.url}/robots.txt`);
    await this.run((value) => localStorage.setItem('token', value), token);
  }

  /**
   * The page's errors (console, uncaught, refused by the CSP, failed to load) and the requests
   * answered 400 or above since it was opened (and the pages it led to).
   */
  async errors({ except = [] }: { except?: string[] } = {}): Promise<string[]> {
    const reported = await this.run(pageErrors);
    const failed = this.proxy.requests
      .slice(this.pageStart)
      .filter((seen) => seen.status >= 400 && !except.includes(seen.path))
      .map((seen) => `${seen.status} for ${seen.method} ${seen.path}`);
    return [...reported, ...failed];
  }

  /** Scans the page with axe and answers each violation with the elements it found it on. */
  async axeViolations(): Promise<string[]> {
    return this.tab.evaluate(
      `(() => { ${AXE_SOURCE}
        return axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} } })
          .then((results) => results.violations.map((v) => v.id + ': ' + v.help + ' (' + v.nodes.map((n) => n.target.join(' ')).join(', ') + ')'));
      })()`,
    );
  }

  screenshot(path: string): Promise<void> {
    return this.tab.screenshot(path);
  }
}

function describe(query: Query): string {
  return query.steps.map((step) => JSON.stringify(step)).join(' > ');
}

/**
 * A page being left answers false; a browser whose driver session is gone throws at once, with its
 * own error (once, in WebKit, a lost session looked like a 15-second wait for an element).
 */
function unlessSessionGone(error: unknown): false {
  if (
    error instanceof Error &&
    /NoSuchSession|session (deleted|not found|does not exist)|invalid session id/i.test(
      `${error.name} ${error.message}`,
    )
  ) {
    throw error;
  }
  return false;
}

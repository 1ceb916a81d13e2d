// The one place that knows how each engine is driven. Chromium and Firefox go through
// puppeteer-core (Chromium over the DevTools protocol, Firefox over WebDriver BiDi, the same API);
// WebKit, whose WebDriver speaks only classic WebDriver, through selenium-webdriver. Everything a
// flow does is built on the few operations of `Tab`, so the flows are written once (site.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import puppeteer, { type Browser, type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
import { Builder, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { findChromium, findFirefox, findWebKit } from '../../scripts/browsers.ts';
import { freePort } from '../../scripts/production-server.ts';

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type Engine = (typeof ENGINES)[number];

export interface Viewport {
  width: number;
  height: number;
}

/** The keys the flows press by name (letters are typed). */
export type KeyName = 'Enter' | 'Escape' | 'Backspace' | 'Tab' | 'ArrowLeft' | 'ArrowRight';

/** One browser tab, as every engine drives it. */
export interface Tab {
  /** Loads `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Evaluates a JavaScript expression in the page and answers its value (awaited, JSON-like). */
  evaluate<R>(expression: string): Promise<R>;
  /** Clicks, as a pointer does, the element `expression` evaluates to; throws when it is null. */
  click(expression: string): Promise<void>;
  /** Moves the pointer over the element `expression` evaluates to. */
  hover(expression: string): Promise<void>;
  /** Types `text` into whatever has the focus, key by key. */
  type(text: string): Promise<void>;
  press(key: KeyName): Promise<void>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

/** An engine's browser, opening tabs that share nothing (no storage, no cookies). */
export interface EngineBrowser {
  /** The viewport a tab gets when a phone's is asked for: WebKitGTK's window is at least 447 px wide. */
  phoneWidth: number;
  newTab(viewport: Viewport): Promise<Tab>;
  close(): Promise<void>;
}

/** Starts `engine`'s browser. */
export function launch(engine: Engine): Promise<EngineBrowser> {
  return engine === 'webkit' ? launchWebKit() : launchWithPuppeteer(engine);
}

async function launchWithPuppeteer(engine: 'chromium' | 'firefox'): Promise<EngineBrowser> {
  const browser: Browser = await puppeteer.launch(
    engine === 'firefox'
      ? { browser: 'firefox', executablePath: findFirefox(), headless: true }
      : { browser: 'chrome', executablePath: findChromium(), headless: true, args: ['--no-sandbox'] },
  );
  return {
    phoneWidth: 390,
    async newTab(viewport) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      return puppeteerTab(page, () => context.close());
    },
    close: () => browser.close(),
  };
}

function puppeteerTab(page: Page, close: () => Promise<void>): Tab {
  const element = async (expression: string): Promise<ElementHandle<Element>> => {
    const found = (await page.evaluateHandle(expression)).asElement();
    if (!found) throw new Error(`No element for ${expression.slice(-200)}`);
    return found as ElementHandle<Element>;
  };
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: <R>(expression: string) => page.evaluate(expression) as Promise<R>,
    click: async (expression) => (await element(expression)).click(),
    hover: async (expression) => (await element(expression)).hover(),
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key as KeyInput),
    screenshot: async (path) => void (await page.screenshot({ path: path as `${string}.png` })),
    close,
  };
}

const SELENIUM_KEYS: Record<KeyName, string> = {
  Enter: Key.ENTER,
  Escape: Key.ESCAPE,
  Backspace: Key.BACK_SPACE,
  Tab: Key.TAB,
  ArrowLeft: Key.ARROW_LEFT,
  ArrowRight: Key.ARROW_RIGHT,
};

/**
 * Starts WebKitWebDriver under a virtual display, and one session (a MiniBrowser window) that the
 * tabs take in turn: a session per tab now and then hung at its start. Tabs still share nothing:
 * each test's site has an origin of its own (its proxy's port), and a tab leaves nothing behind.
 */
async function launchWebKit(): Promise<EngineBrowser> {
  const webkit = findWebKit();
  if (!webkit) throw new Error('No WebKit: see scripts/ensure-browsers.ts.');
  const port = await freePort();
  // Its own process group, so closing ends Xvfb and the driver with it. Each worker looks for a free
  // display from a number of its own: two `xvfb-run -a` starting from the same one can both take it.
  const display = 100 + (process.pid % 400) * 10;
  const server: ChildProcess = spawn(
    webkit.xvfbRun,
    ['-a', '-n', String(display), webkit.webDriver, `--port=${port}`],
    {
      detached: true,
      stdio: 'ignore',
      // Xvfb has no GPU, so accelerated compositing would paint through Mesa's software OpenGL: about
      // 40% more CPU for the same flows than WebKit's own painting, which no flow can tell apart.
      env: { ...process.env, WEBKIT_DISABLE_COMPOSITING_MODE: '1' },
    },
  );
  const stop = () => {
    if (server.pid) process.kill(-server.pid);
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitUntilListening(url);
    const session = new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: webkit.miniBrowser, args: ['--automation'] },
      })
      .build();
    const driver = await withTimeout(session, 30_000, 'WebKit did not open a window within 30 s');
    return {
      phoneWidth: 447,
      async newTab(viewport) {
        await driver.manage().window().setRect(viewport);
        return seleniumTab(driver);
      },
      async close() {
        await driver.quit().catch(() => undefined);
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}

function seleniumTab(driver: WebDriver): Tab {
  const element = async (expression: string): Promise<WebElement> => {
    const found = (await driver.executeScript(`return ${expression};`)) as WebElement | null;
    if (!found) throw new Error(`No element for ${expression.slice(-200)}`);
    return found;
  };
  return {
    goto: (url) => driver.get(url),
    async evaluate<R>(expression: string) {
      // The page's promise is awaited in the page: classic WebDriver has no other way to wait for it.
      const outcome = (await driver.executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         Promise.resolve().then(() => ${expression}).then(
           (value) => done({ value: value === undefined ? null : value }),
           (error) => done({ error: String((error && error.stack) || error) }));`,
      )) as { value?: R; error?: string };
      if (outcome.error !== undefined) throw new Error(outcome.error);
      return outcome.value as R;
    },
    click: async (expression) => (await element(expression)).click(),
    hover: async (expression) => {
      await driver
        .actions()
        .move({ origin: await element(expression) })
        .perform();
    },
    // A line break is the Enter key, as puppeteer types it (WebKit drops a bare "\n").
    type: (text) => driver.actions().sendKeys(text.replaceAll('\n', Key.ENTER)).perform(),
    press: (key) => driver.actions().sendKeys(SELENIUM_KEYS[key]).perform(),
    screenshot: async (path) => writeFileSync(path, await driver.takeScreenshot(), 'base64'),
    // Leaves nothing for the next tab: this origin's storage, the cookies, the page.
    async close() {
      await driver.executeScript('try { localStorage.clear(); sessionStorage.clear(); } catch {}');
      await driver.manage().deleteAllCookies();
      await driver.get('about:blank');
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function waitUntilListening(url: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`WebKitWebDriver did not start at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

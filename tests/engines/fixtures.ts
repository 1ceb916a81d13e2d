// The engines' `test`: Playwright's runner, with a `site` in the engine the project names
// (playwright.config.ts runs every flow in Firefox and WebKit, and some in Chromium). Each worker starts its
// engine once; each test gets a tab of its own behind a proxy of its own (proxy.ts), so nothing
// carries over from one test to the next. A failed test leaves a screenshot.
import { test as base } from '@playwright/test';
import { type Engine, type EngineBrowser, launch } from './driver.ts';
import { startProxy } from './proxy.ts';
import { Site } from './site.ts';

/**
 * The address each engine's requests come from: each is a visitor of its own, so one engine's
 * flows never spend another's per-address limits (registrations, chatbot questions).
 */
const SOURCE_ADDRESS: Record<Engine, string> = { chromium: '127.0.0.2', firefox: '127.0.0.3', webkit: '127.0.0.4' };

/** A desktop, and a phone (as narrow as the engine's window can be: driver.ts). */
const DESKTOP = { width: 1280, height: 800 };
const PHONE_HEIGHT = 844;

interface TestFixtures {
  site: Site;
  /** Opens the tab at a phone's width (`test.use({ phone: true })`). */
  phone: boolean;
}
interface WorkerFixtures {
  /** The project's engine (playwright.config.ts). */
  engine: Engine;
  engineBrowser: EngineBrowser;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  phone: [false, { option: true }],
  engineBrowser: [
    async ({ engine }, use) => {
      const browser = await launch(engine);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  site: async ({ engine, engineBrowser, phone, baseURL }, use, testInfo) => {
    const proxy = await startProxy(baseURL!, SOURCE_ADDRESS[engine]);
    const tab = await engineBrowser.newTab(phone ? { width: engineBrowser.phoneWidth, height: PHONE_HEIGHT } : DESKTOP);
    const site = new Site(engine, tab, proxy);
    try {
      await use(site);
      if (testInfo.status !== testInfo.expectedStatus) {
        const path = testInfo.outputPath('failed.png');
        await site
          .screenshot(path)
          .then(() => testInfo.attachments.push({ name: 'screenshot', path, contentType: 'image/png' }));
      }
    } finally {
      await tab.close().catch(() => undefined);
      await proxy.close();
    }
  },
});

export { expect } from '@playwright/test';

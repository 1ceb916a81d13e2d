// With the store down every API call answers 503 (tests/integration proves that part); here the
// pages, served from dist/, still render their content and stay free of uncaught errors.
import { type Response, expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { STORE_UNAVAILABLE } from '../../src/server/redis.ts';
import { logInAs } from './helpers.ts';
import { GUARDED_PAGES, PUBLIC_PAGES } from './routes.ts';

test.describe('the store down', () => {
  test('every page still renders its heading, with no uncaught error', async ({ page }) => {
    test.setTimeout(120_000);
    await logInAs(page, { username: 'store_down_admin', clearance: 3 });
    await page.route('**/api/**', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'Retry-After': '5' },
        json: { error: STORE_UNAVAILABLE, code: 'unavailable' },
      }),
    );
    let answers: Promise<Response | null>[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) answers.push(request.response());
    });
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(`${page.url()}: ${error.message}`));
    for (const path of [...PUBLIC_PAGES, ...GUARDED_PAGES]) {
      answers = [];
      await page.goto(path);
      // Its islands rendered, the calls they made at once answered, and what followed run (a failure
      // is logged, or shown: a poll, say, keeps saying it is loading).
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-loaded'));
      await Promise.all(answers);
      await page.evaluate(() => new Promise((turn) => setTimeout(turn)));
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    }
    expect(uncaught).toEqual([]);
  });
});

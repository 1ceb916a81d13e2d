// With the store down every API call answers 503 (tests/integration proves that part); here the
// pages, served from dist/, still render their content and stay free of uncaught errors.
import { expect } from '@playwright/test';
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
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(`${page.url()}: ${error.message}`));
    for (const path of [...PUBLIC_PAGES, ...GUARDED_PAGES]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    }
    expect(uncaught).toEqual([]);
  });
});

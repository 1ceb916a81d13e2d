import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from '@playwright/test';
import { parse } from 'smol-toml';
import { siteLoaded, test } from './fixtures.ts';
import { builtPages } from '../../src/integrations/built-pages.ts';
import { hashSource, inlineCodeOf, routeOf } from '../../src/integrations/content-security-policy.ts';
import { SHOP_HOME } from '../../src/lib/features.ts';
import { features, projects, switchedOff } from '../site-config.ts';
import { SENTINEL_SECRETS } from './build-secrets.ts';
import { closeWithEscape, loginThroughModal, uniqueUsername } from './helpers.ts';
import { whilePollOpen } from './poll-lock.ts';
import { GUARDED_PAGES, PUBLIC_PAGES } from './routes.ts';
import { findChromium } from '../../scripts/browsers.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

// In full Chromium, whose PDF viewer shows the résumé in its frame (the headless shell the other
// specs run in has none: scripts/browsers.ts), for the CSP check of the open dialogs.
test.use({ launchOptions: { executablePath: findChromium({ full: true }) } });

test.describe('security headers', () => {
  for (const path of [...PUBLIC_PAGES, ...GUARDED_PAGES, '/sitemap.xml', '/robots.txt']) {
    test(`${path} is sent with a strict CSP, nosniff, a referrer policy and frame-ancestors, and over plain HTTP no https-only rule`, async ({
      request,
    }) => {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toMatch(/frame-ancestors '(self|none)'/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain("'unsafe-eval'");
      // This server speaks plain HTTP: WebKit would fetch every picture and script over https.
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(headers['strict-transport-security']).toBeUndefined();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });
  }

  test('the deployed site keeps its https-only rules: HSTS for every path, upgrade-insecure-requests in every page policy', () => {
    const toml = parse(readFileSync('netlify.toml', 'utf8')) as {
      headers: { for: string; values: Record<string, string> }[];
    };
    const everyPath = toml.headers.find((rule) => rule.for === '/*')?.values ?? {};
    expect(Number(/max-age=(\d+)/.exec(everyPath['Strict-Transport-Security'] ?? '')?.[1])).toBeGreaterThanOrEqual(
      31536000,
    );
    const rules = readFileSync('dist/_headers', 'utf8').split(/\n(?=\/)/);
    const pagePolicies = rules.filter(
      (rule) => !rule.startsWith('/_astro/') && rule.includes('Content-Security-Policy'),
    );
    // One a page at least: the config's served pages each have one (404 takes /*'s).
    expect(pagePolicies.length).toBeGreaterThanOrEqual(PUBLIC_PAGES.length + GUARDED_PAGES.length);
    for (const rule of pagePolicies) expect(rule).toMatch(/Content-Security-Policy: .*upgrade-insecure-requests/);
  });

  test('API answers carry their own: a CSP that loads nothing, nosniff, the referrer policy', async ({ request }) => {
    const responses = [await request.get('/api/health'), await request.post('/api/login', { data: {} })];
    // Two features' endpoints too, as they answer with their feature on or off.
    for (const path of ['/api/scheduling/schedule-items/defense', '/api/wedding/get-all-guests'])
      responses.push(await request.get(path));
    for (const response of responses) {
      const headers = response.headers();
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['strict-transport-security']).toBeUndefined();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  test("the résumé PDF's own headers let the browser's PDF viewer open it, framed only by our pages", async ({
    request,
  }) => {
    const response = await request.get('/resume.pdf');
    const headers = response.headers();
    expect(headers['content-type']).toBe('application/pdf');
    // Chrome's viewer is an <embed> inside the PDF's document: object-src (or a default-src) blocks it.
    expect(headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-disposition'] ?? 'inline').not.toMatch(/attachment/);
  });

  test('fingerprinted assets are cached for good; API answers are not cached', async ({ page, request }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/_astro/')) scripts.push(response.headers()['cache-control'] ?? '');
    });
    await page.goto('/');
    await siteLoaded(page);
    expect(scripts.length).toBeGreaterThan(0);
    for (const value of scripts) expect(value).toBe('public, max-age=31536000, immutable');
    const health = await request.get('/api/health');
    expect(health.headers()['cache-control']).toBe('no-store');
  });
});

test.describe('the pages satisfy their CSP', () => {
  test('no page reports a CSP violation, also with its dialogs and islands open', async ({ page }) => {
    test.setTimeout(90_000);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await siteLoaded(page);
    }
    await page.goto('/');
    // The dialog's frame is made when it opens, and loads the PDF (a frame's load does not bubble,
    // but the document hears it while capturing).
    await page.evaluate(() => {
      const framed = new Promise((loaded) => {
        const heard = (event: Event) => event.target instanceof HTMLIFrameElement && loaded(undefined);
        document.addEventListener('load', heard, { capture: true });
      });
      Object.assign(window, { framed });
    });
    await page.getByRole('button', { name: 'Résumé' }).click();
    await page.evaluate(() => (window as unknown as { framed: Promise<unknown> }).framed);
    await expect(page.getByTitle(/^Résumé of /)).toHaveAttribute('src', /\.pdf$/);
    await closeWithEscape(page, page.getByRole('dialog', { name: 'Résumé' }));
    const project = projects[0]!;
    await page.getByRole('button', { name: `Description of ${project.title}`, exact: true }).click();
    await closeWithEscape(page, page.getByRole('dialog', { name: project.title, exact: true }));
    // The React login modal (its CSS arrives with it) and, once logged in, the dashboard island.
    await loginThroughModal(page, 'demo_visitor', 'demo-visitor-pass');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'User Dashboard' }).waitFor();
    await siteLoaded(page);
    // The shop's Select modal and its React cart island with the order dialog.
    if (features.shop) {
      await page.goto(`${SHOP_HOME}/products`);
      await page.getByRole('button', { name: 'Select Hot' }).click();
      await closeWithEscape(page, page.getByRole('dialog', { name: 'Add to your cart' }));
      await page.goto(`${SHOP_HOME}/cart`);
      await page
        .getByText(/Your cart is empty|Remove /)
        .first()
        .waitFor();
      await siteLoaded(page);
    }
    expect(violations).toEqual([]);
  });

  test("the members' and admin pages report no CSP violation either", async ({ page, request }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const login = await request.post('/api/login', { data: { username: 'demo_admin', password: 'demo-admin-pass' } });
    const { user: token } = (await login.json()) as { user: string };
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    for (const path of GUARDED_PAGES) {
      await page.goto(path);
      await siteLoaded(page);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    expect(violations).toEqual([]);
  });

  test('every built page paints without a stylesheet request, and its policy allows each of its inline styles and scripts by hash', async ({
    request,
  }) => {
    const offenders: string[] = [];
    const pages = builtPages('dist');
    // A file for each of the routes the config serves (the unknown path's is 404.html).
    expect(pages.length).toBeGreaterThanOrEqual(PUBLIC_PAGES.length + GUARDED_PAGES.length);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const route = file === join('dist', '404.html') ? '/missing-page' : routeOf(relative('dist', file));
      const policy = (await request.get(route)).headers()['content-security-policy'] ?? '';
      const sources = (directive: string) => new RegExp(`(?:^|;)\\s*${directive} ([^;]*)`).exec(policy)?.[1] ?? '';
      if (/<link\b[^>]*rel=["']?stylesheet/i.test(html)) offenders.push(`${file}: a stylesheet request`);
      const { scripts, styles } = inlineCodeOf(html);
      if (!styles.length) offenders.push(`${file}: no inline style`);
      for (const style of styles)
        if (!sources('style-src').split(' ').includes(hashSource(style)))
          offenders.push(`${file}: a style not in its policy`);
      for (const script of scripts)
        if (!sources('script-src').split(' ').includes(hashSource(script)))
          offenders.push(`${file}: a script not in its policy`);
      // Hashes allow elements, never attributes: none may need 'unsafe-hashes' or 'unsafe-inline'.
      if (/\sstyle=["']/i.test(html)) offenders.push(`${file}: style attribute`);
      if (/\son[a-z]+=["']/i.test(html)) offenders.push(`${file}: inline event handler`);
    }
    expect(offenders).toEqual([]);
  });

  test('a script or style that is not ours is refused, inline or from another site', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      const refused: string[] = [];
      Object.assign(window, { refused });
      document.addEventListener('securitypolicyviolation', (event) =>
        refused.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.head.append(script);
      const style = document.createElement('style');
      style.textContent = 'body { background: rgb(255, 0, 0) !important; }';
      document.head.append(style);
      const foreign = document.createElement('script');
      foreign.src = 'https://attacker.example/steal.js';
      document.head.append(foreign);
      const sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.href = 'https://attacker.example/look.css';
      document.head.append(sheet);
    });
    // Each refusal reported, as the browser reports them: a task after each element came.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { refused: string[] }).refused))
      .toEqual(
        expect.arrayContaining([
          'script-src-elem inline',
          'style-src-elem inline',
          'script-src-elem https://attacker.example/steal.js',
          'style-src-elem https://attacker.example/look.css',
        ]),
      );
    const outcome = await page.evaluate(() => ({
      ran: (window as { injected?: boolean }).injected === true,
      background: getComputedStyle(document.body).backgroundColor,
    }));
    expect(outcome.ran).toBe(false);
    expect(outcome.background).not.toBe('rgb(255, 0, 0)');
  });

  test('no server secret reaches dist/', () => {
    const leaks: string[] = [];
    for (const file of filesUnder('dist')) {
      const content = readFileSync(file, 'latin1');
      for (const [name, value] of Object.entries(SENTINEL_SECRETS)) {
        if (content.includes(value)) leaks.push(`${file} contains ${name}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

test.describe('requests from other websites', () => {
  test("a foreign page's form cannot make its visitor vote; the site's own page can", async ({ page, request }) => {
    test.skip(!features.poll, switchedOff('poll'));
    // Held open: a test that closes the poll waits (tests/e2e/poll-lock.ts).
    await whilePollOpen(async () => {
      const name = uniqueUsername('Lured');
      const target = new URL('/api/poll/create-vote', test.info().project.use.baseURL).href;
      // A page on another site posting a form to the poll, as a browser sends it: Sec-Fetch-Site: cross-site.
      await page.route('http://foreign.example/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<form method="post" action="${target}" enctype="text/plain">
          <input name='{"name":"${name}","question":0,"vote":["0"],"x":"' value='"}'><button>Go</button></form>`,
        }),
      );
      await page.goto('http://foreign.example/');
      await page.getByRole('button', { name: 'Go' }).click();
      await expect(page.locator('body')).toContainText('Requests from other websites are not accepted.');
      const votes = async () =>
        (
          (await (await request.post('/api/poll/get-all-votes', { data: { question: 0 } })).json()) as {
            allVotes: { inputtedName: string }[];
          }
        ).allVotes.filter((vote) => vote.inputtedName === name);
      expect(await votes()).toEqual([]);

      // The same vote from the site's own page goes through (Sec-Fetch-Site: same-origin).
      await page.goto('/poll');
      await page.getByLabel('Name').fill(name);
      await page.getByRole('checkbox').first().check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.locator('.toast')).toContainText('Vote successfully submitted.');
      expect(await votes()).toHaveLength(1);
    });
  });
});

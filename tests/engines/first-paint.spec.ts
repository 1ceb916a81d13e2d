// From the first paint, in every engine: with the site's scripts held back 2 s (a slow phone's
// connection), what a visitor does the moment the page shows is not lost. The menus and dialogs
// work without the script; a click on Login, a form sent and keys typed are kept by the page's first
// script and played once the site script or the game is there. And the next page is on its way
// before the click that asks for it.
import { uniqueUsername } from '../e2e/helpers.ts';
import { whilePollOpen } from '../e2e/poll-lock.ts';
import { features, poll, switchedOff } from '../site-config.ts';
import { expect, test } from './fixtures.ts';
import { byCss, byRole, inside } from './in-page.ts';
import type { Site } from './site.ts';

const HELD_BACK_MS = 2000;
const nav = byRole('navigation', 'Site');

/** Opens `path` with the site's scripts held back, and waits for the first paint (not for the script). */
async function openAtFirstPaint(site: Site, path: string): Promise<void> {
  site.proxy.holdBackScripts(HELD_BACK_MS);
  await site.goto(path, { wired: false });
  await site.waitUntil(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  expect(await isWired(site)).toBe(false);
}

function isWired(site: Site): Promise<boolean> {
  return site.run(() => document.documentElement.hasAttribute('data-ready'));
}

test.describe('with the scripts held back, at the first paint', () => {
  test('a click on Login opens the login modal once the script is there', async ({ site }) => {
    await openAtFirstPaint(site, '/');
    await site.click(inside(nav, byRole('button', 'Login')));
    expect(await isWired(site)).toBe(false);
    await site.expectVisible(inside(byRole('dialog'), byRole('textbox', 'Username')));
    expect(await site.errors()).toEqual([]);
  });

  test('the résumé and a project’s description open and close at once', async ({ site }) => {
    await openAtFirstPaint(site, '/');
    const resume = byRole('dialog', 'Résumé');
    await site.click(inside(nav, byRole('button', 'Résumé')));
    await site.expectVisible(resume);
    await site.press('Escape');
    await site.expectHidden(resume);
    const description = byRole('button', /^Description of /);
    await site.click(description);
    const dialog = byCss('dialog[open]');
    await site.expectVisible(dialog);
    await site.click(inside(dialog, byRole('button', 'Close')));
    await site.expectHidden(dialog);
    expect(await isWired(site)).toBe(false);
    // The PDF comes once the script is there.
    await site.click(inside(nav, byRole('button', 'Résumé')));
    await site.expectVisible(inside(resume, byCss('iframe[src$=".pdf"]')));
    expect(await site.errors()).toEqual([]);
  });

  test('a signed-in visitor’s menu shows and opens at once', async ({ site, request }) => {
    const login = await request.post('/api/login', { data: { username: 'demo_member', password: 'demo-member-pass' } });
    const { user: token } = (await login.json()) as { user: string };
    await site.storeToken(token);
    await openAtFirstPaint(site, '/about');
    await site.expectHidden(inside(nav, byRole('button', 'Login')));
    await site.click(inside(nav, byRole('button', 'demo_member')));
    await site.expectVisible(byRole('link', 'Dashboard'));
    // The forum's link, for a member, when the forum is on; none when it is switched off.
    if (features.forum) await site.expectVisible(byRole('link', 'Forum'));
    else expect(await site.isVisible(byRole('link', 'Forum'))).toBe(false);
    expect(await isWired(site)).toBe(false);
  });

  test('the word game’s How to play is there on a first visit and closes; five letters typed then are on the board once it is', async ({
    site,
  }) => {
    test.skip(!features.wordGame, switchedOff('wordGame'));
    await openAtFirstPaint(site, '/word_game');
    const help = byRole('dialog', 'How to play');
    await site.expectVisible(help);
    expect(await isWired(site)).toBe(false);
    await site.press('Escape');
    await site.expectHidden(help);
    await site.type('crane');
    expect(await isWired(site)).toBe(false);
    const firstRow = inside(byRole('group', 'Board'), byRole('group', 'Guess 1'));
    await site.expectText(firstRow, /^C.*R.*A.*N.*E/);
    expect(await site.errors()).toEqual([]);
    // Closed before the game came, it stays closed on the next visit.
    await site.goto('/word_game');
    await site.expectVisible(byRole('group', 'Keyboard'));
    expect(await site.isVisible(help)).toBe(false);
  });

  test('a vote sent before the script is sent once it is there', async ({ site }) => {
    test.skip(!features.poll, switchedOff('poll'));
    // Held open: a test that closes the poll waits (tests/e2e/poll-lock.ts).
    await whilePollOpen(async () => {
      await openAtFirstPaint(site, '/poll');
      // A name no account could have (its ë), so the vote looks at no account (src/server/account-probe.ts).
      await site.fill(byRole('textbox', 'Name'), uniqueUsername(`Zoë_${site.engine}`));
      // The owner's question and its last option (src/content/site.config.ts), in the page as it first paints.
      const question = byRole('group', poll.question);
      await site.expectVisible(question);
      await site.click(inside(question, byRole('checkbox', poll.options.at(-1)!)));
      await site.click(byRole('button', 'Submit'));
      expect(await isWired(site)).toBe(false);
      // Still this page (the browser alone would have sent the form to its own address), then the toast.
      await site.expectText(byCss('[data-toast-region]'), 'Vote successfully submitted.');
      expect(await site.run(() => location.search)).toBe('');
      expect(await site.errors()).toEqual([]);
    });
  });
});

test.describe('on a phone, with the scripts held back, at the first paint', () => {
  test.use({ phone: true });

  test('a tap on Menu opens the menu at once', async ({ site }) => {
    await openAtFirstPaint(site, '/');
    await site.click(byRole('button', 'Menu'));
    await site.expectVisible(inside(nav, byRole('link', 'About')));
    expect(await isWired(site)).toBe(false);
    await site.press('Escape');
    await site.expectHidden(inside(nav, byRole('link', 'About')));
  });
});

test('an internal link’s page is fetched when the pointer rests on it, before the click', async ({ site }) => {
  await site.goto('/');
  const about = inside(nav, byRole('link', 'About'));
  const fetchedAbout = () => site.proxy.requests.filter((seen) => seen.path === '/about').length;
  expect(fetchedAbout()).toBe(0);
  await site.hover(about);
  await expect.poll(fetchedAbout).toBe(1);
  await site.leave(() => site.click(about));
  expect(await site.run(() => location.pathname)).toBe('/about');
});

// The one-question poll at /poll: the card, the three toasts, the spinner's 3 seconds, the tally.
import { expect } from '@playwright/test';
import { features, owner, poll, switchedOff } from '../site-config.ts';
import { test, waitsForSite } from './fixtures.ts';
import { expectNoAxeViolations, uniqueUsername, watchForErrors } from './helpers.ts';

// The owner's question and options (src/content/site.config.ts, `poll`).
const OPTIONS = poll.options;

test.skip(!features.poll, switchedOff('poll'));

test.describe('one-question poll', () => {
  test('votes: spinner for 3 seconds, the success toast, the tally; a second submit is refused locally', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await page.clock.install({ time: new Date('2026-11-22T10:00:00Z') });
    await page.goto('/poll');
    await expect(page).toHaveTitle(`${poll.title} · ${owner.name}`);
    await expect(page.getByRole('heading', { level: 1, name: poll.title })).toBeVisible();
    const question = page.getByRole('group', { name: poll.question });
    await expect(question).toBeVisible();
    await expect(question.getByRole('checkbox')).toHaveCount(OPTIONS.length);
    for (const option of OPTIONS)
      await expect(question.getByRole('checkbox', { name: option, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.clock.pauseAt(new Date('2026-11-22T10:01:00Z'));

    await page.getByLabel('Name').fill(uniqueUsername('Voter'));
    await page.getByRole('checkbox', { name: OPTIONS[0], exact: true }).check();
    await page.getByRole('checkbox', { name: OPTIONS.at(-1), exact: true }).check();
    const spinner = page.locator('[data-spinner]');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(spinner).toBeVisible();
    const toast = page.locator('.toast');
    await expect(toast).toContainText('Success');
    await expect(toast).toContainText('Vote successfully submitted.');
    const results = page.getByRole('region', { name: 'Results so far' });
    await expect(results).toBeVisible();
    await expect(results.getByRole('listitem').nth(0)).toContainText(/\d+ votes?/);
    await page.clock.runFor(2900);
    await expect(spinner).toBeVisible();
    await page.clock.runFor(200);
    await expect(spinner).toBeHidden();
    await expect(toast).toBeHidden(); // toasts last 3 seconds too

    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/poll/create-vote')) calls++;
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.toast')).toContainText('Vote already placed');
    await expect(page.locator('.toast')).toContainText('You have already voted.');
    expect(calls).toBe(0);
    await page.clock.resume(); // axe waits on timers
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('a name that already voted gets the info toast from the server; a failure gets the red toast', async ({
    page,
    browser,
  }) => {
    const name = uniqueUsername('Voter');
    await page.goto('/poll');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('checkbox', { name: OPTIONS.at(-1), exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.toast')).toContainText('Vote successfully submitted.');

    const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = waitsForSite(await otherContext.newPage());
    await other.goto('/poll');
    await other.getByLabel('Name').fill(name.toUpperCase());
    await other.getByRole('button', { name: 'Submit' }).click();
    await expect(other.locator('.toast')).toContainText('You have already voted.');
    await otherContext.close();

    const thirdContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const third = waitsForSite(await thirdContext.newPage());
    await third.route('**/api/poll/create-vote', (route) => route.fulfill({ status: 503, json: { error: 'down' } }));
    await third.goto('/poll');
    await third.getByLabel('Name').fill(uniqueUsername('Voter'));
    await third.getByRole('button', { name: 'Submit' }).click();
    const failure = third.getByRole('alert');
    await expect(failure).toContainText('Failed');
    await expect(failure).toContainText('An error occurred.');
    await expectNoAxeViolations(third);
    await thirdContext.close();
  });

  test('a blank name, or a name that belongs to an account, is explained on the page', async ({ page }) => {
    const errors = watchForErrors(page);
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/poll/create-vote')) calls++;
    });
    await page.goto('/poll');
    const name = page.getByLabel('Name');
    await name.fill('   ');
    await page.getByRole('checkbox', { name: OPTIONS[0], exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    const problem = page.getByRole('alert').filter({ hasText: 'Please enter your name to vote.' });
    await expect(problem).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await expect(page.locator('.toast')).toBeHidden();
    expect(calls).toBe(0);
    await expectNoAxeViolations(page);

    // Typing clears it; a demo account's name is refused by the server, in its words.
    await name.fill('demo_member');
    await expect(problem).toBeHidden();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That name belongs to an account.' })).toBeVisible();
    await expect(page.locator('.toast')).toBeHidden();
    expect(calls).toBe(1);
    expect(errors.filter((error) => !/409|An error occurred/.test(error))).toEqual([]);
  });
});

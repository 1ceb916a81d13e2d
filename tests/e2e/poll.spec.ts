// The one-question poll at /poll: the card, the three toasts, the spinner's 3 seconds, the results
// with percentages and the total, an empty ballot, the results moving while the page is open, and
// the owner closing and reopening it, or setting a time it closes by itself. Every
// test holds the poll open, or (the owner's) holds it alone: poll-lock.ts.
import { type Page, type Response, expect } from '@playwright/test';
import type { PollState } from '../../src/features/poll/schema.ts';
import { LIVE_RESULTS_MS, describeCount, describeTotal, pollResults } from '../../src/features/poll/logic.ts';
import { features, owner, poll, switchedOff } from '../site-config.ts';
import { test, waitsForSite } from './fixtures.ts';
import { createUser, expectNoAxeViolations, uniqueUsername, watchForErrors } from './helpers.ts';
import { whilePollMine, whilePollOpen } from './poll-lock.ts';

// The owner's question and options (src/content/site.config.ts, `poll`).
const OPTIONS = poll.options;

test.skip(!features.poll, switchedOff('poll'));

/** The page's next read of the poll (it reads on load, after a vote and after the owner's change). */
const nextRead = (page: Page) =>
  page.waitForResponse(
    (response: Response) =>
      response.url().endsWith('/api/poll/get-all-votes') && response.request().method() === 'POST',
  );

/**
 * Checks the results region says what the read the page made says: the total, then each option's count of the voters.
 */
async function expectResultsOf(page: Page, read: Response, { closed }: { closed: boolean }): Promise<void> {
  const { allVotes } = (await read.json()) as PollState;
  const { voters, options } = pollResults(0, allVotes);
  const results = page.getByRole('region', { name: closed ? 'Results' : 'Results so far', exact: true });
  await expect(results).toBeVisible();
  await expect(results.getByText(describeTotal(voters, closed), { exact: true })).toBeVisible();
  const items = results.getByRole('listitem');
  await expect(items).toHaveCount(OPTIONS.length);
  for (const [index, { option, count }] of options.entries()) {
    await expect(items.nth(index).getByText(option, { exact: true })).toBeVisible();
    await expect(items.nth(index).getByText(describeCount(count, voters), { exact: true })).toBeVisible();
  }
}

test.describe('one-question poll', () => {
  test('votes: spinner for 3 seconds, the success toast, the results with percentages and the total; a second submit is refused locally', async ({
    page,
  }) =>
    whilePollOpen(async () => {
      const errors = watchForErrors(page);
      await page.clock.install({ time: new Date('2026-11-22T10:00:00Z') });
      const loaded = nextRead(page);
      await page.goto('/poll');
      await loaded;
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
      // Nothing shown before the vote (the results are this browser's after it votes).
      await expect(page.getByRole('region', { name: /^Results/ })).toBeHidden();
      const read = nextRead(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(spinner).toBeVisible();
      const toast = page.locator('.toast');
      await expect(toast).toContainText('Success');
      await expect(toast).toContainText('Vote successfully submitted.');
      // The read after the vote, as the page shows it: "N voters so far", each option "n of N voters (p%)".
      await expectResultsOf(page, await read, { closed: false });
      await expect(page.getByRole('region', { name: 'Results so far' })).toContainText(/\d+ of \d+ voters? \(\d+%\)/);
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
    }));

  test('a name that already voted gets the info toast from the server; a failure gets the red toast', async ({
    page,
    browser,
  }) =>
    whilePollOpen(async () => {
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
      await other.getByRole('checkbox', { name: OPTIONS[0], exact: true }).check();
      await other.getByRole('button', { name: 'Submit' }).click();
      await expect(other.locator('.toast')).toContainText('You have already voted.');
      await otherContext.close();

      const thirdContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const third = waitsForSite(await thirdContext.newPage());
      await third.route('**/api/poll/create-vote', (route) => route.fulfill({ status: 503, json: { error: 'down' } }));
      await third.goto('/poll');
      await third.getByLabel('Name').fill(uniqueUsername('Voter'));
      await third.getByRole('checkbox', { name: OPTIONS[0], exact: true }).check();
      await third.getByRole('button', { name: 'Submit' }).click();
      const failure = third.getByRole('alert');
      await expect(failure).toContainText('Failed');
      await expect(failure).toContainText('An error occurred.');
      await expectNoAxeViolations(third);
      await thirdContext.close();
    }));

  test("a guest's vote carries the bot check's pass; a check that turns the visitor down says so, and nothing is sent", async ({
    page,
  }) =>
    whilePollOpen(async () => {
      let verdict = { actionApproved: false, message: 'Low score.' };
      const actions: unknown[] = [];
      await page.route('**/api/verify-recaptcha', (route) => {
        actions.push((route.request().postDataJSON() as { action: string }).action);
        return route.fulfill({ json: verdict });
      });
      const passes: (string | null)[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/poll/create-vote')) passes.push(request.headers()['x-bot-pass'] ?? null);
      });
      await page.goto('/poll');
      await expect(page.getByText('This site is protected by reCAPTCHA')).toBeVisible();
      await page.getByLabel('Name').fill(uniqueUsername('Voter'));
      await page.getByRole('checkbox', { name: OPTIONS[0], exact: true }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert')).toContainText('Low score.');
      expect(passes).toEqual([]);
      verdict = { actionApproved: true, message: '', botPass: 'the-pass' } as typeof verdict;
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.locator('.toast').last()).toContainText('Vote successfully submitted.');
      expect(actions).toEqual(['vote', 'vote']);
      expect(passes).toEqual(['the-pass']);
    }));

  test('a blank name, or a name that belongs to an account, is explained on the page', async ({ page }) =>
    whilePollOpen(async () => {
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
    }));

  test('an empty ballot is told at the options, which take the focus, and nothing is sent; a box ticked clears it', async ({
    page,
  }) =>
    whilePollOpen(async () => {
      const errors = watchForErrors(page);
      let calls = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/poll/create-vote')) calls++;
      });
      await page.goto('/poll');
      await page.getByLabel('Name').fill(uniqueUsername('Voter'));
      const submit = page.getByRole('button', { name: 'Submit' });
      await submit.click();
      const problem = page.getByRole('alert').filter({ hasText: 'Pick at least one option.' });
      await expect(problem).toBeVisible();
      const first = page.getByRole('checkbox', { name: OPTIONS[0], exact: true });
      await expect(first).toBeFocused();
      for (const option of OPTIONS) {
        const box = page.getByRole('checkbox', { name: option, exact: true });
        await expect(box).toHaveAttribute('aria-invalid', 'true');
        await expect(box).toHaveAccessibleDescription('Pick at least one option.');
        // Outlined too, and each option a fingertip's height (2.75rem) to tick.
        await expect(box).toHaveCSS('outline-style', 'solid');
        expect((await page.locator('label', { has: box }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      await expect(page.locator('.toast')).toBeHidden();
      expect(calls).toBe(0);
      await expectNoAxeViolations(page);

      // By keyboard: Space ticks the focused box, which clears the message; Enter sends the vote.
      await page.keyboard.press('Space');
      await expect(first).toBeChecked();
      await expect(problem).toBeHidden();
      await expect(first).not.toHaveAttribute('aria-invalid');
      await page.getByLabel('Name').press('Enter');
      await expect(page.locator('.toast')).toContainText('Vote successfully submitted.');
      expect(calls).toBe(1);
      expect(errors).toEqual([]);
    }));

  test('the owner closes the poll: a visitor sees it closed, with the results, and cannot vote; the owner reopens it', async ({
    page,
    browser,
    request,
  }) =>
    whilePollMine(async () => {
      test.setTimeout(test.info().timeout + 60_000);
      const errors = watchForErrors(page);
      const { token } = await createUser(request, { clearance: 3, prefix: 'owner' });
      await page.addInitScript((value) => localStorage.setItem('token', value), token);
      // A visitor's page, open before the owner closes the poll.
      const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const visitor = waitsForSite(await visitorContext.newPage());
      await visitor.goto('/poll');

      // The owner sees the results before voting, and the controls.
      let read = nextRead(page);
      await page.goto('/poll');
      await expectResultsOf(page, await read, { closed: false });
      const controls = page.getByRole('region', { name: 'Poll controls' });
      await expect(controls).toBeVisible();
      await expectNoAxeViolations(page);
      read = nextRead(page);
      await controls.getByRole('button', { name: 'Close the poll' }).click();
      await expect(controls.getByRole('status')).toHaveText('Closed: everyone sees the results, and nobody can vote.');
      // The button keeps the focus, under its new name.
      await expect(controls.getByRole('button', { name: 'Reopen the poll' })).toBeFocused();
      await expect(page.getByText('This poll is closed.')).toBeVisible();
      await expectResultsOf(page, await read, { closed: true });
      await expectNoAxeViolations(page);

      // The visitor's page, opened before: the vote is refused, and the page shows the poll closed.
      await visitor.getByLabel('Name').fill(uniqueUsername('Late'));
      await visitor.getByRole('checkbox', { name: OPTIONS[0], exact: true }).check();
      read = nextRead(visitor);
      await visitor.getByRole('button', { name: 'Submit' }).click();
      const note = visitor.getByText('This poll is closed.');
      await expect(note).toBeFocused();
      await expectResultsOf(visitor, await read, { closed: true });
      await expect(visitor.locator('.toast')).toBeHidden();
      // Opened now: closed from the first read, the form in place but disabled, nothing to submit.
      read = nextRead(visitor);
      await visitor.reload();
      await expectResultsOf(visitor, await read, { closed: true });
      await expect(note).toBeVisible();
      await expect(visitor.getByRole('button', { name: 'Submit' })).toBeHidden();
      await expect(visitor.getByLabel('Name')).toBeDisabled();
      for (const option of OPTIONS)
        await expect(visitor.getByRole('checkbox', { name: option, exact: true })).toBeDisabled();
      await expect(visitor.getByRole('region', { name: 'Poll controls' })).toBeHidden();
      await expectNoAxeViolations(visitor);

      // The owner reopens it: the visitor can vote again, and sees the results only after voting.
      await controls.getByRole('button', { name: 'Reopen the poll' }).click();
      await expect(controls.getByRole('status')).toHaveText('Reopened: visitors can vote again.');
      await expect(page.getByText('This poll is closed.')).toBeHidden();
      await expect(page.getByRole('region', { name: 'Results so far' })).toBeVisible();
      await visitor.reload();
      await expect(visitor.getByRole('button', { name: 'Submit' })).toBeVisible();
      await expect(visitor.getByRole('region', { name: /^Results/ })).toBeHidden();
      await expect(visitor.getByRole('checkbox', { name: OPTIONS[0], exact: true })).toBeEnabled();
      await expectNoAxeViolations(visitor);
      await visitorContext.close();
      expect(errors).toEqual([]);
    }));

  test('the owner sets an end date: visitors see when voting closes, results move while open, and the page closes at the time', async ({
    page,
    browser,
    request,
  }) =>
    whilePollMine(async () => {
      test.setTimeout(test.info().timeout + 60_000);
      const errors = watchForErrors(page);
      const { token } = await createUser(request, { clearance: 3, prefix: 'owner' });
      const asOwner = (path: string, data: object) =>
        request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
      try {
        await page.addInitScript((value) => localStorage.setItem('token', value), token);
        // The first read answers only after the owner has typed: what was typed stays.
        let typed = () => {};
        const typing = new Promise<void>((resolve) => (typed = resolve));
        await page.route('**/api/poll/get-all-votes', async (route) => {
          await typing;
          await route.continue();
        });
        const firstRead = nextRead(page);
        await page.goto('/poll');
        const controls = page.getByRole('region', { name: 'Poll controls' });
        const ends = controls.getByLabel('Voting ends');
        // A time gone by is refused at the field, before anything is sent.
        await ends.fill('2020-01-01T12:00');
        typed();
        await firstRead;
        await page.unroute('**/api/poll/get-all-votes');
        await controls.getByRole('button', { name: 'Set end date' }).click();
        await expect(controls.getByRole('alert')).toHaveText('The end date must be in the future.');
        await expect(ends).toBeFocused();
        const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
        const day = `${inTwoDays.getFullYear()}-${String(inTwoDays.getMonth() + 1).padStart(2, '0')}-${String(inTwoDays.getDate()).padStart(2, '0')}`;
        await ends.fill(`${day}T18:00`);
        await controls.getByRole('button', { name: 'Set end date' }).click();
        await expect(controls.getByRole('status')).toHaveText(/^End date set\. Voting closes .+\.$/);
        await expect(controls.getByRole('alert')).toBeHidden();
        await expect(page.getByText(/^Voting closes /).first()).toBeVisible();
        await expectNoAxeViolations(page);

        // A visitor who voted watches the results; the owner's vote shows there at the next read, no reload.
        const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
        const visitor = waitsForSite(await visitorContext.newPage());
        await visitor.clock.install();
        await visitor.goto('/poll');
        await expect(
          visitor.getByText(/^Voting closes \w{3}, \w{3} \d{1,2}, \d{4}, \d\d:\d\d [AP]M .+\.$/),
        ).toBeVisible();
        await visitor.getByLabel('Name').fill(uniqueUsername('Watcher'));
        await visitor.getByRole('checkbox', { name: OPTIONS[0], exact: true }).check();
        let read = nextRead(visitor);
        await visitor.getByRole('button', { name: 'Submit' }).click();
        const before = pollResults(0, ((await (await read).json()) as PollState).allVotes).voters;
        await page.getByRole('checkbox', { name: OPTIONS[1], exact: true }).check();
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect(page.getByText('Vote successfully submitted.')).toBeVisible();
        read = nextRead(visitor);
        await visitor.clock.runFor(LIVE_RESULTS_MS);
        await expectResultsOf(visitor, await read, { closed: false });
        expect(pollResults(0, ((await (await read).json()) as PollState).allVotes).voters).toBe(before + 1);

        // An end a few seconds ahead: a page open now closes by itself then, without a reload.
        const soon = Date.now() + 6000;
        expect((await asOwner('/api/poll/set-end', { question: 0, endsAt: soon })).ok()).toBe(true);
        const lateContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
        const late = waitsForSite(await lateContext.newPage());
        await late.goto('/poll');
        await expect(late.getByRole('button', { name: 'Submit' })).toBeVisible();
        await expect(late.getByText('This poll is closed.')).toBeVisible({ timeout: 10_000 });
        await expect(late.getByRole('button', { name: 'Submit' })).toBeHidden();
        await expect(late.getByLabel('Name')).toBeDisabled();

        // Reopened, it takes the end time gone by away with it.
        await page.reload();
        await controls.getByRole('button', { name: 'Reopen the poll' }).click();
        await expect(controls.getByRole('status')).toHaveText('Reopened: visitors can vote again.');
        await expect(controls.getByRole('button', { name: 'Remove end date' })).toBeHidden();
        await expect(ends).toHaveValue('');
        await expect(page.getByText(/^Voting closes /)).toBeHidden();
        await visitorContext.close();
        await lateContext.close();
        expect(errors).toEqual([]);
      } finally {
        // Open again, with no end, whatever happened: the other tests vote in this poll.
        await asOwner('/api/poll/set-end', { question: 0, endsAt: null });
        await asOwner('/api/poll/set-closed', { question: 0, closed: false });
      }
    }));
});

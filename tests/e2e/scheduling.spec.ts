// The scheduling polls in the browser: an anonymous voter, a second browser refused the same
// name, a member changing votes after a reload, the reunion date poll, and the console's guard (its
// buttons: scheduling-console.spec.ts).
import { type Browser, type Page, expect } from '@playwright/test';
import { features, switchedOff } from '../site-config.ts';
import { test, waitsForSite } from './fixtures.ts';
import { createUser, expectNoAxeViolations, uniqueUsername, watchForErrors } from './helpers.ts';

test.skip(!features.scheduling, switchedOff('scheduling'));

const DEFENSE = '/scheduling_polls/defense_league';
const RAGNAROK = '/scheduling_polls/ragnarok';
const REUNION = '/scheduling_polls/drexolljozwiakpoolpoll';

const slot = (page: Page, date: string, time: string) =>
  page.getByRole('group', { name: `Time slots on ${date}` }).getByRole('button', { name: time, exact: true });
const resultRow = (page: Page, date: string, time: string) =>
  page.getByRole('table', { name: date }).getByRole('row', { name: new RegExp(`^${time}`) });
const nameInput = (page: Page) => page.getByLabel('Name', { exact: true });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return waitsForSite(await context.newPage());
}

test.describe('time-slot polls', () => {
  test('an anonymous voter saves a name, votes and un-votes, and sees the tables', async ({ page, browser }) => {
    const errors = watchForErrors(page);
    await page.goto(DEFENSE);
    await expect(page.getByRole('heading', { level: 1, name: 'Defense Scheduling Poll' })).toBeVisible();
    await expect(page.getByText('Login or enter your name below to vote.')).toBeVisible();
    await expect(
      page.getByText('Creating a login (username and password) will allow you to re-enter and change votes later.'),
    ).toBeVisible();
    for (const date of ['08/27', '08/28', '09/01', '09/02', '09/03']) {
      await expect(page.getByRole('heading', { level: 2, name: date })).toBeVisible();
      await expect(page.getByRole('table', { name: date })).toBeVisible();
    }
    await expect(nameInput(page)).toHaveAttribute('placeholder', 'Enter your name to vote');
    // Voting waits for a name; a blank one is refused.
    await expect(slot(page, '08/27', '7:00 PM')).toBeDisabled();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expectNoAxeViolations(page);

    const name = uniqueUsername('Jane');
    await nameInput(page).fill(`  ${name}  Doe `);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(nameInput(page)).toHaveClass(/is-locked/);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    await slot(page, '08/27', '7:00 PM').click();
    await expect(slot(page, '08/27', '7:00 PM')).toHaveAttribute('aria-pressed', 'true');
    await slot(page, '09/01', '8:30 PM').click();
    const badge = `${name}_Doe`;
    await expect(resultRow(page, '08/27', '7:00 PM').getByRole('listitem').filter({ hasText: badge })).toBeVisible();
    await expect(resultRow(page, '09/01', '8:30 PM')).toContainText(badge);
    await expect(resultRow(page, '08/28', '6:00 PM')).toContainText('No votes');

    // A second click takes the vote back.
    await slot(page, '09/01', '8:30 PM').click();
    await expect(slot(page, '09/01', '8:30 PM')).toHaveAttribute('aria-pressed', 'false');
    await expect(resultRow(page, '09/01', '8:30 PM')).not.toContainText(badge);
    await expectNoAxeViolations(page);

    // The same browser keeps its name and votes after a reload.
    await page.reload();
    await expect(slot(page, '08/27', '7:00 PM')).toHaveAttribute('aria-pressed', 'true');
    await slot(page, '08/28', '6:00 PM').click();
    await expect(resultRow(page, '08/28', '6:00 PM')).toContainText(badge);

    // Another browser is refused the name, in other letters and spacing too.
    const other = await newPage(browser);
    await other.goto(DEFENSE);
    await nameInput(other).fill(`${name.toUpperCase()} doe`);
    await other.getByRole('button', { name: 'Save' }).click();
    await expect(other.getByText('That name is already taken. Please choose another.')).toBeVisible();
    await expect(slot(other, '08/27', '7:00 PM')).toBeDisabled();
    // Editing clears the error.
    await nameInput(other).fill(uniqueUsername('Joe'));
    await expect(other.getByText('That name is already taken. Please choose another.')).toHaveCount(0);
    await other.close();
    expect(errors).toEqual([]);
  });

  test('ragnarok hides 09/03', async ({ page }) => {
    await page.goto(RAGNAROK);
    await expect(page.getByRole('heading', { level: 1, name: 'Ragnarok Scheduling Poll' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '09/02' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '09/03' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a member votes under their first name and changes votes after a reload', async ({ page, request }) => {
    // demo_visitor (first name Vera) is seeded in the e2e store.
    const login = await request.post('/api/login', {
      data: { username: 'demo_visitor', password: 'demo-visitor-pass' },
    });
    const { user: token } = (await login.json()) as { user: string };
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto(RAGNAROK);
    await expect(page.getByText('Voting as Vera.')).toBeVisible();
    await expect(nameInput(page)).toHaveCount(0);
    const row = resultRow(page, '09/02', '9:00 PM');
    await expect(row).toContainText('No votes');
    await slot(page, '09/02', '9:00 PM').click();
    await expect(row.getByRole('listitem').filter({ hasText: /^Vera$/ })).toBeVisible();

    await page.reload();
    await expect(slot(page, '09/02', '9:00 PM')).toHaveAttribute('aria-pressed', 'true');
    await slot(page, '09/02', '9:00 PM').click();
    await slot(page, '08/28', '6:30 PM').click();
    await expect(resultRow(page, '08/28', '6:30 PM')).toContainText('Vera');
    await expect(row).not.toContainText('Vera');
    await slot(page, '08/28', '6:30 PM').click();
    await expect(resultRow(page, '08/28', '6:30 PM')).not.toContainText('Vera');
  });
});

test.describe('reunion date poll', () => {
  test('select and unselect weekends, with counts and the results table', async ({ page }) => {
    const errors = watchForErrors(page);
    await page.goto(REUNION);
    await expect(page.getByRole('heading', { level: 1, name: 'Reunion 2026' })).toBeVisible();
    await expect(page.getByText(/preferred weekend dates for our pool party meetup/)).toBeVisible();
    await expect(page.getByText(/Each date shown is the Friday the weekend starts/)).toBeVisible();
    await expect(page.getByText('Independence Day weekend: fireworks over the lake on Saturday.')).toBeVisible();
    await expectNoAxeViolations(page);

    const name = uniqueUsername('Cousin');
    await nameInput(page).fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '07/03/2026' }) });
    const before = Number((await card.getByText(/vote\(s\)$/).textContent())!.split(' ')[0]);
    await card.getByRole('button', { name: 'Select 07/03/2026' }).click();
    await expect(card.getByRole('button', { name: 'Selected 07/03/2026' })).toBeVisible();
    await expect(card.getByText(`${before + 1} vote(s)`)).toBeVisible();
    const results = page.getByRole('table', { name: 'Vote Results' });
    await expect(results.getByRole('columnheader')).toHaveText(['Date', 'Votes', 'Voters']);
    await expect(results.getByRole('row', { name: /^07\/03\/2026/ })).toContainText(name);
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: 'Selected 07/03/2026' }).click();
    await expect(card.getByText(`${before} vote(s)`)).toBeVisible();
    await expect(results.getByRole('row', { name: /^07\/03\/2026/ })).not.toContainText(name);
    expect(errors).toEqual([]);
  });
});

test.describe('scheduling console', () => {
  test('a clearance-2 user is turned away', async ({ page, request }) => {
    const member = await createUser(request, { clearance: 2, prefix: 'member' });
    await page.addInitScript((token) => localStorage.setItem('token', token), member.token);
    await page.goto('/schedulingconsole');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });
});

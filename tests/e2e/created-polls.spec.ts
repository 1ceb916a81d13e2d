// A poll made in the scheduling console, end to end: the organiser makes it with the
// form, an anonymous voter in another time zone opens its link in a second browser and answers
// "if need be", the organiser's open page shows it without a reload, the organiser finalises it,
// the voter's page shows the decision and the .ics downloads; the organiser takes the voter out;
// then the poll is deleted. Axe on each screen.
import { readFile } from 'node:fs/promises';
import { type Browser, type Page, expect } from '@playwright/test';
import { test, waitsForSite } from './fixtures.ts';
import { slotLabel, dayLabel } from '../../src/features/scheduling/time/logic.ts';
import { zonedToUtc } from '../../src/lib/time-zones.ts';
import { DEMO_POLL_ID } from '../../tools/demo-data/seed.ts';
import { HOW_TO_ANSWER, HOW_TO_ANSWER_YES_ONLY } from '../../src/features/scheduling/poll/logic.ts';
import { TIME_SLOT_POLL_IDS } from '../../src/features/scheduling/configured/logic.ts';
import { features, switchedOff } from '../site-config.ts';
import { createUser, expectNoAxeViolations, uniqueUsername, watchForErrors } from './helpers.ts';

test.skip(!features.scheduling, switchedOff('scheduling'));

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const ZONE = 'Europe/Berlin';
const VISITOR_ZONE = 'America/New_York';

async function organiserPage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, timezoneId: ZONE });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return waitsForSite(await context.newPage());
}

test('the organiser makes a poll, a voter elsewhere answers if need be, the organiser finalises it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { token } = await createUser(request, { clearance: 3, prefix: 'organiser' });
  const organiser = await organiserPage(browser, token);
  const errors = watchForErrors(organiser);
  const title = `Quiz night ${uniqueUsername('q')}`;
  const slotDay = inDays(9);
  const wholeDay = inDays(12);

  // The form: every refusal it can show before sending, then a poll.
  await organiser.goto('/schedulingconsole');
  await expect(organiser.getByRole('heading', { name: 'New poll' })).toBeVisible();
  await expect(organiser.getByLabel('Time zone')).toHaveValue(ZONE); // the browser's own
  await organiser.getByRole('button', { name: 'Create poll' }).click();
  await expect(organiser.getByRole('alert')).toHaveText('Please give the poll a title.');
  await organiser.getByLabel('Title').fill(title);
  await organiser.getByRole('button', { name: 'Create poll' }).click();
  await expect(organiser.getByRole('alert')).toHaveText('Please pick at least one date.');
  await organiser.getByLabel('Location').fill('The back room');
  for (const date of [slotDay, wholeDay]) {
    await organiser.getByLabel('Date', { exact: true }).fill(date);
    await organiser.getByRole('button', { name: 'Add date' }).click();
  }
  await organiser.getByLabel(`Start time on ${dayLabel(slotDay)}`).fill('19:00');
  await organiser.getByRole('button', { name: `Add time on ${dayLabel(slotDay)}` }).click();
  await expect(organiser.getByText(`${dayLabel(slotDay)}: 1 start time(s)`)).toBeVisible();
  await expectNoAxeViolations(organiser);
  await organiser.getByRole('button', { name: 'Create poll' }).click();
  const created = organiser.getByRole('status').filter({ hasText: 'Poll created' });
  await expect(created).toBeVisible();
  const link = (await created.getByRole('link', { name: title }).getAttribute('href'))!;
  expect(link).toMatch(/^\/scheduling_polls\/p\/[a-z0-9]{12}$/);
  const listed = organiser.getByRole('listitem').filter({ has: organiser.getByRole('heading', { name: title }) });
  await expect(listed).toContainText('0 voter(s) · 2 option(s) · Open');

  // The organiser keeps the poll open in a second tab.
  const watching = waitsForSite(await organiser.context().newPage());
  await watching.goto(link);
  await expect(watching.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(watching.getByText('No answers yet.')).toBeVisible();

  // A voter in New York, without an account, in another browser.
  const voterContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    timezoneId: VISITOR_ZONE,
    acceptDownloads: true,
  });
  const voter = waitsForSite(await voterContext.newPage());
  const voterErrors = watchForErrors(voter);
  await voter.goto(link);
  await expect(voter.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(voter).toHaveTitle(`${title} · Scheduling poll`);
  const time = slotLabel(zonedToUtc(slotDay, '19:00', ZONE), ZONE, VISITOR_ZONE);
  expect(time).toMatch(/^7:00 PM CES?T, 1:00 PM your time$/);
  const slot = voter.getByRole('button', { name: new RegExp(`^${time}`) });
  const day = voter.getByRole('button', { name: /^All day/ });
  await expect(slot).toBeDisabled(); // a name first
  // A name no account could have: voting under it looks at no account, so the suite's shared
  // address stays within register's limit.
  const name = uniqueUsername('Zoë');
  await voter.getByLabel('Name', { exact: true }).fill(name);
  await voter.getByRole('button', { name: 'Save' }).click();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await expect(slot).toContainText('Yes');
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'mixed');
  await expect(slot).toContainText('If need be');
  await day.click();
  const voterRow = (page: Page) => page.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(voterRow(voter)).toContainText('If need be');
  await expect(voterRow(voter).getByRole('cell').nth(1)).toHaveText('✓Yes');
  await expectNoAxeViolations(voter);

  // The organiser's tab shows it without a reload: its version moved.
  await expect(voterRow(watching).getByRole('cell').first()).toHaveText('(✓)If need be', { timeout: 15_000 });
  await expect(watching.getByRole('columnheader', { name: /★ Best/ })).toContainText(dayLabel(wholeDay));
  await expect(watching.getByRole('row', { name: /^Total/ })).toContainText('0 +1 if need be');

  // Finalised on the whole day: the voter's page shows the decision and takes no more answers.
  await organiser.reload();
  await expect(listed).toContainText('1 voter(s) · 2 option(s) · Open');
  await listed.getByLabel('Final option').selectOption({ label: `${dayLabel(wholeDay)} (all day)` });
  await listed.getByRole('button', { name: `Finalise ${title}` }).click();
  await expect(listed).toContainText(`Decided: ${dayLabel(wholeDay)} (all day)`);
  await expectNoAxeViolations(organiser);

  await expect(voter.getByRole('heading', { name: `Decided: ${dayLabel(wholeDay)} (all day)` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(day).toBeDisabled();
  await expect(voter.getByLabel('Name', { exact: true })).toBeHidden();
  await expect(voter.getByRole('link', { name: /Add to Google Calendar/ })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );
  const download = voter.waitForEvent('download');
  await voter.getByRole('link', { name: 'Download .ics' }).click();
  const ics = await readFile((await (await download).path())!, 'utf8');
  expect(ics).toContain(`SUMMARY:${title}\r\n`);
  expect(ics).toContain(`DTSTART;VALUE=DATE:${wholeDay.replace(/-/g, '')}\r\n`);
  expect(ics).toContain('LOCATION:The back room\r\n');
  await expectNoAxeViolations(voter);

  // Reopened, then deleted after a confirmation: the link says so.
  await listed.getByRole('button', { name: `Reopen ${title}` }).click();
  await expect(voter.getByRole('heading', { name: /^Decided/ })).toBeHidden({ timeout: 15_000 });
  await expect(day).toBeEnabled();

  // The organiser takes the voter out, after a confirmation: their answers leave the voter's page too.
  await listed.getByText(`Voters of ${title}`).click();
  const voterEntry = listed.getByRole('listitem').filter({ hasText: name });
  await expect(voterEntry).toContainText(`${name} · 2 answer(s)`);
  await voterEntry.getByRole('button', { name: `Remove ${name}` }).click();
  const removal = organiser.getByRole('dialog', { name: 'Remove this voter?' });
  await expect(removal).toContainText(`${name}’s 2 answer(s) in “${title}” will be deleted`);
  await expectNoAxeViolations(organiser);
  await removal.getByRole('button', { name: 'Remove' }).click();
  await expect(listed.getByText('Nobody has answered yet.')).toBeVisible();
  await expect(listed).toContainText('0 voter(s) · 2 option(s) · Open');
  await expect(voterRow(voter)).toBeHidden({ timeout: 15_000 });

  await listed.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = organiser.getByRole('dialog', { name: 'Delete this poll?' });
  await expect(confirm).toContainText(`“${title}” and all 0 voter(s)’ answers will be deleted.`);
  await expectNoAxeViolations(organiser);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(organiser.getByRole('heading', { name: title })).toBeHidden();
  await voter.reload();
  await expect(voter.getByText('There is no such poll. It may have been deleted.')).toBeVisible();
  expect(errors).toEqual([]);
  expect(voterErrors.filter((error) => !error.includes('404'))).toEqual([]);
  await voterContext.close();
  await organiser.context().close();
});

test('on a phone, the answers grid scrolls sideways inside itself with the names held in place', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/scheduling_polls/p/${DEMO_POLL_ID}`);
  const grid = page.getByRole('region', { name: 'Everyone’s answers' });
  const name = grid.getByRole('rowheader', { name: 'Zoë' });
  await expect(name).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  const before = (await name.boundingBox())!.x;
  await grid.evaluate((element) => (element.scrollLeft = 400));
  expect(await grid.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect((await name.boundingBox())!.x).toBe(before);
  await expect(grid.getByRole('columnheader', { name: /★ Best/ })).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('tells how to answer as the poll takes answers: if need be in a made poll, yes or no in a configured one', async ({
  page,
}) => {
  await page.goto(`/scheduling_polls/p/${DEMO_POLL_ID}`);
  await expect(page.getByRole('button', { name: /^All day|^\d/ }).first()).toBeVisible();
  await expect(page.locator('#poll-how')).toHaveText(HOW_TO_ANSWER);
  await page.goto(`/scheduling_polls/p/${TIME_SLOT_POLL_IDS[0]}`);
  await expect(page.locator('#poll-how')).toHaveText(HOW_TO_ANSWER_YES_ONLY);
});

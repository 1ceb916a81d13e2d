// Scheduling polls for the people who use them, end to end: a member starts a poll from
// the dashboard and shares its link; a guest in another time zone picks a zone to read the times in,
// answers, comments and leaves an address; the organiser sees the address, deletes a comment,
// switches comments off and finalises, and the decision reaches the guest's address with its .ics;
// another member can neither see nor change the poll from their own list. Axe on each screen, also
// at a phone's width.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, type Page, expect } from '@playwright/test';
import { test, waitsForSite } from './fixtures.ts';
import { dayLabel, optionLabel, zoneViewer } from '../../src/features/scheduling/time/logic.ts';
import { POLL_KEPT_DAYS, pollOptions } from '../../src/features/scheduling/poll/logic.ts';
import { DEMO_POLL_ID } from '../../tools/demo-data/seed.ts';
import { features, switchedOff } from '../site-config.ts';
import { createUser, expectNoAxeViolations, mailedLink, uniqueUsername, watchForErrors } from './helpers.ts';

test.skip(!features.scheduling, switchedOff('scheduling'));

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const ORGANISER_ZONE = 'Europe/Berlin';
const GUEST_ZONE = 'America/New_York';

async function browserIn(browser: Browser, zone: string, token?: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    timezoneId: zone,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return waitsForSite(await context.newPage());
}

/** The mails in the local outbox whose subject is `subject`. */
function outbox(
  subject: string,
): { to: string; text: string; attachments?: { filename: string; content: string }[] }[] {
  const folder = join(process.env.E2E_DATA_DIR!, 'outbox');
  return readdirSync(folder)
    .map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')))
    .filter((mail) => mail.subject === subject);
}

/** A member's poll on one date, `inDays(12)`, at `slots`, made as Your polls makes it; its title names `prefix`. */
async function memberPoll(request: APIRequestContext, prefix: string, slots = ['19:00']) {
  const { token } = await createUser(request, { clearance: 1, prefix });
  const title = `${prefix} poll ${uniqueUsername('p')}`;
  const made = await request.post('/api/scheduling/create-poll', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, zone: ORGANISER_ZONE, days: [{ date: inDays(12), slots }], slotMinutes: 60 },
  });
  const { poll } = (await made.json()) as { poll: { id: string; options: { id: string }[] } };
  return { token, title, poll };
}

test('a member starts a poll from the dashboard; a guest elsewhere answers, comments and hears the decision', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await createUser(request, { clearance: 1, prefix: 'organiser' });
  const organiser = await browserIn(browser, ORGANISER_ZONE, token);
  const errors = watchForErrors(organiser);
  const title = `Pool party ${uniqueUsername('p')}`;
  const day = inDays(9);

  // From the dashboard's Your Polls card to the member's own organiser.
  await organiser.goto('/dashboard');
  await organiser.getByRole('button', { name: 'Your Polls' }).click();
  await organiser.getByRole('link', { name: 'Start or manage your polls' }).click();
  await expect(organiser).toHaveURL(/\/scheduling_polls\/mine$/);
  await expect(organiser.getByRole('heading', { name: 'Your polls', level: 2 })).toBeVisible();
  await expect(organiser.getByText('No polls yet: make one above.')).toBeVisible();
  await organiser.getByLabel('Title').fill(title);
  await organiser.getByLabel('Date', { exact: true }).fill(day);
  await organiser.getByRole('button', { name: 'Add date' }).click();
  await organiser.getByLabel(`Start time on ${dayLabel(day)}`).fill('19:00');
  await organiser.getByRole('button', { name: `Add time on ${dayLabel(day)}` }).click();
  await organiser.getByRole('button', { name: 'Create poll' }).click();
  const link = (await organiser
    .getByRole('status')
    .filter({ hasText: 'Poll created' })
    .getByRole('link', { name: title })
    .getAttribute('href'))!;
  const listed = organiser.getByRole('listitem').filter({ has: organiser.getByRole('heading', { name: title }) });
  await expect(listed).toContainText('0 voter(s) · 1 option(s) · Open');
  // The day it goes, with its votes, comments and addresses: POLL_KEPT_DAYS after its one date.
  const kept = new Date(Date.parse(`${day}T00:00:00Z`) + POLL_KEPT_DAYS * 86_400_000).toISOString().slice(0, 10);
  await expect(listed).toContainText(`Kept until ${kept}`);
  await expect(listed).not.toContainText('Made by');

  // Share: the link to copy, on the clipboard.
  await listed.getByRole('button', { name: `Copy link to ${title}` }).click();
  await expect(listed.getByText('Link copied: paste it to your group.')).toBeVisible();
  expect(await organiser.evaluate(() => navigator.clipboard.readText())).toBe(new URL(link, organiser.url()).href);
  await expectNoAxeViolations(organiser);

  // A guest in New York reads the times in Tokyo's zone, then answers.
  const guest = await browserIn(browser, GUEST_ZONE);
  const guestErrors = watchForErrors(guest);
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const [option] = pollOptions({
    title,
    description: '',
    location: '',
    zone: ORGANISER_ZONE,
    days: [{ date: day, slots: ['19:00'] }],
    slotMinutes: 60,
  });
  await expect(
    guest.getByText(`Times are in ${ORGANISER_ZONE}, the poll’s time zone, with your own time beside them`),
  ).toBeVisible();
  await guest.getByRole('button', { name: 'Change time zone' }).click();
  await expect(guest.getByLabel('Show the times also in')).toBeFocused();
  await guest.getByLabel('Show the times also in').selectOption('Asia/Tokyo');
  const inTokyo = optionLabel(option!, ORGANISER_ZONE, zoneViewer('Asia/Tokyo')).detail!;
  const slot = guest.getByRole('button', { name: new RegExp(`^${inTokyo.replace(/[+]/g, '\\+')}`) });
  await expect(slot).toBeVisible();
  await expectNoAxeViolations(guest);
  // The pick holds on the next poll page this browser opens.
  await guest.reload();
  await expect(slot).toBeVisible();

  const name = uniqueUsername('Zoë');
  await guest.getByLabel('Name', { exact: true }).fill(name);
  await guest.getByRole('button', { name: 'Save', exact: true }).click();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  const address = `${name.toLowerCase()}@example.com`;
  await guest.getByLabel('Hear when it is decided').fill(address);
  await guest.getByRole('button', { name: 'Save the address' }).click();
  // Nobody confirmed it yet: the site mails it a link instead, and keeps nothing until it is followed.
  await expect(
    guest.getByText(`We have mailed ${address} a link. Confirm your address there, then save it here again.`),
  ).toBeVisible();
  const confirming = await guest.context().newPage();
  await waitsForSite(confirming).goto(await mailedLink(address, 'confirm'));
  await expect(confirming.getByRole('main').getByRole('status')).toHaveText(
    `Thank you: ${address} is confirmed. The site may now mail it what you asked for.`,
  );
  await confirming.close();
  await guest.getByRole('button', { name: 'Save the address' }).click();
  await expect(guest.getByText(`We will mail ${address} once the organiser picks a time.`)).toBeVisible();

  // Comments: a guest's under their name, marked a guest's.
  await guest.getByLabel('Your comment').fill('Saturday suits us best.\nBring cake?');
  await guest.getByRole('button', { name: 'Post comment' }).click();
  const comment = guest.getByRole('article', { name: `Comment from ${name} (guest)` });
  await expect(comment).toContainText('Saturday suits us best.');
  await guest.getByLabel('Your comment').fill('And a second one.');
  await guest.getByRole('button', { name: 'Post comment' }).click();
  await expect(guest.getByRole('article', { name: `Comment from ${name} (guest)` })).toHaveCount(2);
  await expect(comment.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expectNoAxeViolations(guest);

  // The organiser sees the address, deletes a comment and switches comments off.
  await organiser.reload();
  await listed.getByText(`Voters of ${title}`).click();
  await expect(listed.getByRole('link', { name: address })).toHaveAttribute('href', `mailto:${address}`);
  const organiserView = await organiser.context().newPage();
  await waitsForSite(organiserView).goto(link);
  await organiserView
    .getByRole('button', { name: `Delete the comment from ${name} (guest)` })
    .first()
    .click();
  await expect(organiserView.getByRole('article', { name: `Comment from ${name} (guest)` })).toHaveCount(1);
  await listed.getByRole('checkbox', { name: 'Comments' }).uncheck();
  await expect(listed.getByRole('checkbox', { name: 'Comments' })).not.toBeChecked();
  await expect(guest.getByText('The organiser has switched comments off for this poll.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(guest.getByLabel('Your comment')).toBeHidden();

  // Finalised: the guest's address hears it, with the event to put in a calendar.
  await listed.getByRole('button', { name: `Finalise ${title}` }).click();
  await expect(listed.getByRole('status').filter({ hasText: 'Told 1 voter by email.' })).toBeVisible();
  await listed.getByText(`Voters of ${title}`).click();
  await listed.getByText(`Voters of ${title}`).click();
  await expect(listed).toContainText(`${address} (told of the decision)`);
  const [mail] = outbox('A time has been picked').filter((each) => each.to === address);
  expect(mail!.text).toContain(`/scheduling_polls/p/${link.split('/').at(-1)}`);
  expect(mail!.text).not.toContain(title);
  expect(mail!.text).toMatch(/To get no more mail from this site at this address: \S+\/email\/\?unsubscribe=\S+/);
  expect(mail!.attachments?.[0]).toMatchObject({ filename: 'decision.ics' });
  expect(mail!.attachments![0]!.content).toContain(`DTSTART;TZID=${ORGANISER_ZONE}:${day.replace(/-/g, '')}T190000`);
  await expect(guest.getByRole('heading', { name: /^Decided:/ })).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(organiser);

  // Another member's list does not have it, and they cannot finalise it.
  const other = await createUser(request, { clearance: 1, prefix: 'other' });
  const stranger = await browserIn(browser, ORGANISER_ZONE, other.token);
  await stranger.goto('/scheduling_polls/mine');
  await expect(stranger.getByText('No polls yet: make one above.')).toBeVisible();
  const refused = await stranger.request.post('/api/scheduling/reopen-poll', {
    headers: { Authorization: `Bearer ${other.token}` },
    data: { pollId: link.split('/').at(-1) },
  });
  expect(refused.status()).toBe(403);

  expect(errors).toEqual([]);
  expect(guestErrors).toEqual([]);
  await Promise.all([guest.context().close(), organiser.context().close(), stranger.context().close()]);
});

test('on a phone, a poll’s organiser page, its comments and its share box fit the screen', async ({
  browser,
  request,
}) => {
  const { token } = await createUser(request, { clearance: 1, prefix: 'phone' });
  const page = await browserIn(browser, ORGANISER_ZONE, token);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/scheduling_polls/mine');
  await expect(page.getByRole('heading', { name: 'New poll' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await expectNoAxeViolations(page);
  await page.goto(`/scheduling_polls/p/${DEMO_POLL_ID}`);
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Copy link/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await expectNoAxeViolations(page);
  await page.context().close();
});

test('an organiser removes, in one go, every voter who joined since a time', async ({ browser, request }) => {
  const { token, title, poll } = await memberPoll(request, 'sweeper');
  const organiser = await browserIn(browser, ORGANISER_ZONE, token);
  // The minute before the two guests come, in the organiser's own time.
  const before = await organiser.evaluate(() => {
    const at = new Date(Date.now() - 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  });
  for (const name of ['Spam_1', 'Spam_2']) {
    const answered = await request.post('/api/scheduling/vote', {
      data: { pollId: poll.id, optionId: poll.options[0]!.id, username: `anon_${uniqueUsername(name)}`, answer: 'yes' },
    });
    expect(answered.ok()).toBe(true);
  }
  await organiser.goto('/scheduling_polls/mine');
  const listed = organiser.getByRole('listitem').filter({ has: organiser.getByRole('heading', { name: title }) });
  await expect(listed).toContainText('2 voter(s)');
  await listed.getByText(`Voters of ${title}`).click();
  await listed.getByLabel('Remove everyone who joined since').fill(before);
  await listed.getByRole('button', { name: `Remove them from ${title}` }).click();
  await organiser
    .getByRole('dialog', { name: 'Remove these voters?' })
    .getByRole('button', { name: 'Remove them' })
    .click();
  await expect(
    listed.getByRole('status').filter({ hasText: 'Removed 2 voter(s) who joined since then.' }),
  ).toBeVisible();
  await expect(listed).toContainText('0 voter(s)');
  await expectNoAxeViolations(organiser);
});

test('an organiser sets a deadline: a voter’s open page says when, and closes by itself then', async ({
  browser,
  request,
}) => {
  const { token, title, poll } = await memberPoll(request, 'closer');
  const organiser = await browserIn(browser, ORGANISER_ZONE, token);
  await organiser.goto('/scheduling_polls/mine');
  const listed = organiser.getByRole('listitem').filter({ has: organiser.getByRole('heading', { name: title }) });
  const deadline = listed.getByLabel('Voting closes');
  // A time gone by is refused at the field.
  await deadline.fill('2020-01-01T12:00');
  await listed.getByRole('button', { name: `Set deadline of ${title}` }).click();
  await expect(listed.getByText('The deadline must be in the future.')).toBeVisible();
  // The next whole minute but one, in the organiser's own time: set, and said.
  const soon = await organiser.evaluate(() => {
    const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  });
  await deadline.fill(soon);
  await listed.getByRole('button', { name: `Set deadline of ${title}` }).click();
  await expect(
    listed.getByText(/^Votes close by themselves \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M/),
  ).toBeVisible();
  await expect(listed.getByRole('button', { name: `Remove the deadline of ${title}` })).toBeVisible();
  await expectNoAxeViolations(organiser);

  // A guest's page, open before the deadline, says when; its clock run past the deadline, it closes.
  const guest = await browserIn(browser, GUEST_ZONE);
  await guest.clock.install();
  await guest.goto(`/scheduling_polls/p/${poll.id}`);
  await expect(
    guest.getByText(/^Voting closes \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M your time\.$/),
  ).toBeVisible();
  await guest.getByLabel('Name', { exact: true }).fill(uniqueUsername('Late'));
  await guest.getByRole('button', { name: 'Save', exact: true }).click();
  const slot = guest
    .getByRole('group', { name: /^Options on / })
    .getByRole('button')
    .first();
  await expect(slot).toBeEnabled();
  await guest.clock.runFor(2 * 60_000 + 1000);
  await expect(guest.getByRole('status').filter({ hasText: /^Voting closed at its deadline/ })).toBeVisible();
  await expect(slot).toBeDisabled();
  await expectNoAxeViolations(guest);

  // Taken away, the poll takes votes again.
  await listed.getByRole('button', { name: `Remove the deadline of ${title}` }).click();
  await expect(listed.getByText(/^Optional: votes close by themselves then/)).toBeVisible();
  await expect(deadline).toHaveValue('');
});

test('an organiser edits a poll: taking out an answered time asks first, and a voter’s open page follows', async ({
  browser,
  request,
}) => {
  const { token, title, poll } = await memberPoll(request, 'editor', ['19:00', '20:00']);
  const date = inDays(12);
  const answered = await request.post('/api/scheduling/vote', {
    data: {
      pollId: poll.id,
      optionId: poll.options[0]!.id,
      username: `anon_${uniqueUsername('Early')}`,
      answer: 'yes',
    },
  });
  expect(answered.ok()).toBe(true);
  const guest = await browserIn(browser, ORGANISER_ZONE);
  await guest.goto(`/scheduling_polls/p/${poll.id}`);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(title);

  // The organiser edits on a phone.
  const organiser = await browserIn(browser, ORGANISER_ZONE, token);
  await organiser.setViewportSize({ width: 390, height: 844 });
  await organiser.goto('/scheduling_polls/mine');
  const listed = organiser.getByRole('listitem').filter({ has: organiser.getByRole('heading', { name: title }) });
  await expect(listed).toBeVisible();
  expect(await organiser.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await listed.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(organiser.getByRole('heading', { name: `Edit “${title}”` })).toBeVisible();
  expect(await organiser.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  const titleField = organiser.getByLabel('Title');
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveValue(title);
  const renamed = `${title} (moved)`;
  await titleField.fill(renamed);
  await organiser.getByRole('button', { name: `Remove 19:00 on ${dayLabel(date)}` }).click();
  await organiser.getByRole('button', { name: 'Save changes' }).click();
  const asked = organiser.getByRole('dialog', { name: 'Delete these answers?' });
  await expect(asked).toContainText('have 1 answer(s)');
  await expectNoAxeViolations(organiser);
  await asked.getByRole('button', { name: 'Save and delete them' }).click();
  await expect(
    organiser.getByRole('status').filter({
      hasText: `Changes to “${renamed}” saved, with the 1 answer(s) to the options taken out.`,
    }),
  ).toBeVisible();
  await expect(organiser.getByRole('heading', { name: 'New poll' })).toBeVisible();
  const moved = organiser.getByRole('listitem').filter({ has: organiser.getByRole('heading', { name: renamed }) });
  await expect(moved).toContainText('1 option(s)');

  // The guest's open page reads the poll again when its version moves.
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(guest.getByRole('group', { name: /^Options on / }).getByRole('button')).toHaveCount(1);
});

test('an organiser hides the voters’ names: a guest sees only their own, and finds their answers again', async ({
  browser,
  request,
}) => {
  const { token, title, poll } = await memberPoll(request, 'hider');
  const early = uniqueUsername('Early');
  const answered = await request.post('/api/scheduling/vote', {
    data: { pollId: poll.id, optionId: poll.options[0]!.id, username: `anon_${early}`, answer: 'yes' },
  });
  expect(answered.ok()).toBe(true);

  const organiser = await browserIn(browser, ORGANISER_ZONE, token);
  await organiser.goto('/scheduling_polls/mine');
  const listed = organiser.getByRole('listitem').filter({ has: organiser.getByRole('heading', { name: title }) });
  const hide = listed.getByRole('checkbox', { name: 'Hide voters’ names from everyone but the organiser' });
  await hide.check();
  await expect(hide).toBeChecked();
  // The reload after the change keeps it.
  await organiser.reload();
  await expect(hide).toBeChecked();

  const guest = await browserIn(browser, GUEST_ZONE);
  await guest.goto(`/scheduling_polls/p/${poll.id}`);
  const grid = guest.getByRole('region', { name: 'Everyone’s answers' });
  await expect(guest.getByText('The organiser has hidden the voters’ names: only they see who is who.')).toBeVisible();
  await expect(grid.getByRole('rowheader', { name: 'Voter 1' })).toBeVisible();
  await expect(guest.getByText(early)).toBeHidden();
  const me = uniqueUsername('Zed');
  await guest.getByLabel('Name', { exact: true }).fill(me);
  await guest.getByRole('button', { name: 'Save', exact: true }).click();
  const slot = guest
    .getByRole('group', { name: /^Options on / })
    .getByRole('button')
    .first();
  await slot.click();
  await expect(grid.getByRole('rowheader', { name: me })).toBeVisible();
  await expectNoAxeViolations(guest);
  // Come back later: this browser's own answer is still its own, under its name.
  await guest.reload();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await expect(grid.getByRole('rowheader', { name: me })).toBeVisible();
  await expect(grid.getByRole('rowheader', { name: 'Voter 1' })).toBeVisible();

  // The organiser sees everyone.
  await organiser.goto(`/scheduling_polls/p/${poll.id}`);
  const theirs = organiser.getByRole('region', { name: 'Everyone’s answers' });
  await expect(theirs.getByRole('rowheader', { name: early })).toBeVisible();
  await expect(theirs.getByRole('rowheader', { name: me })).toBeVisible();
});

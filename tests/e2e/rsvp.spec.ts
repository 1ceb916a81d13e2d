// The RSVP page's other states (the main flow, from the console's Copy link to the console's
// marks, is in wedding.spec.ts): a bad link, the events offered to a calendar, the form's messages
// beside each field at a phone's width and by keyboard, and the page after the deadline, read-only
// with whom to contact. None saves an answer, so the console's figures stay the demo list's. Each
// state gets an axe scan.
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { WEDDING } from '../../src/content/wedding.ts';
import { escapeText } from '../../src/lib/calendar.ts';
import { utcToZoned } from '../../src/lib/time-zones.ts';
import { guestKey } from '../../src/features/wedding/logic.ts';
import { RSVP_TEXT, formatWhen } from '../../src/features/wedding/rsvp/logic.ts';
import type { AllGuestsResponse } from '../../src/features/wedding/schema.ts';
import { features, switchedOff } from '../site-config.ts';
import { test } from './fixtures.ts';
import { createUser, expectNoAxeViolations, watchForErrors } from './helpers.ts';

test.skip(!features.wedding, switchedOff('wedding'));

// One clearance-3 account per worker, to read the households' links as the console does.
let admin: Promise<string> | undefined;

/** The RSVP page address of the household of `name` (guest one), as the console's Copy link gives it. */
async function linkOf(request: APIRequestContext, name: string): Promise<string> {
  admin ??= createUser(request, { clearance: 3, prefix: 'admin' }).then(({ token }) => token);
  const response = await request.get('/api/wedding/get-all-guests', {
    headers: { Authorization: `Bearer ${await admin}` },
  });
  const { rsvp } = (await response.json()) as AllGuestsResponse;
  const token = rsvp?.households[guestKey({ g1FullName: name })]?.link;
  if (!token) throw new Error(`No RSVP link for ${name}: ${response.status()}`);
  return `/rsvp#${token}`;
}

const PHONE = { width: 390, height: 844 };

/** Records on the page's window (`intlMade`) each Intl formatter made, by kind. */
async function recordIntlFormatters(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const made: string[] = [];
    Object.assign(window, { intlMade: made });
    const intl = Intl as unknown as Record<string, object>;
    for (const kind of [
      'DateTimeFormat',
      'NumberFormat',
      'RelativeTimeFormat',
      'PluralRules',
      'Collator',
      'ListFormat',
    ]) {
      intl[kind] = new Proxy(intl[kind]!, {
        construct: (target, args, newTarget) => (made.push(kind), Reflect.construct(target as never, args, newTarget)),
        apply: (target, self, args) => (made.push(kind), Reflect.apply(target as never, self, args)),
      });
    }
  });
}

test('a link that finds no household says so, the same for a wrong token and for none', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.setViewportSize(PHONE);
  await page.goto(`/rsvp#${'x'.repeat(32)}`);
  await expect(page.getByRole('heading', { name: RSVP_TEXT.invalidLink })).toBeVisible();
  await expect(page.getByText(WEDDING.couple)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto('/rsvp');
  await expect(page.getByRole('heading', { name: RSVP_TEXT.invalidLink })).toBeVisible();
  const robots = await page.locator('meta[name="robots"]').getAttribute('content');
  expect(robots).toContain('noindex');
  // The wrong token's 404 is the page's answer, not a fault.
  expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
});

test('the form says what is missing beside each field and takes the focus there, by keyboard, at a phone’s width', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  await recordIntlFormatters(page);
  // Nora Lindqvist has not answered: an invitation for one. Nothing valid is sent here.
  await page.goto(await linkOf(request, 'Nora Lindqvist'));
  // The invitation's times come formatted from the server: the page makes no formatter of its own
  // (its first costs a phone's main thread the platform's locale data, in the render).
  await expect(page.getByText(formatWhen(WEDDING.wedding.start, WEDDING.zone))).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)).toEqual([]);
  const one = page.getByRole('group', { name: 'Guest one: Nora Lindqvist' });
  const wedding = one.getByRole('combobox', { name: 'Attending the wedding?' });
  await expect(wedding).toHaveValue('');
  await expect(page.getByRole('group', { name: 'Guest two' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const send = page.getByRole('button', { name: 'Send RSVP' });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(wedding).toBeFocused();
  await expect(wedding).toHaveAccessibleDescription('Please say whether guest one will attend the wedding.');
  await expect(one.getByRole('combobox', { name: 'Attending the rehearsal dinner?' })).toHaveAccessibleDescription(
    'Please say whether guest one will attend the rehearsal dinner.',
  );
  await expect(page.getByRole('status').filter({ hasText: 'Please check the 2 answers marked below.' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Coming: a meal is asked for, and its message shows until one is chosen.
  await wedding.selectOption('yes');
  const food = one.getByRole('combobox', { name: 'Food choice' });
  await expect(food).toHaveAccessibleDescription('Please choose a meal from the menu for guest one.');
  await expect(food.locator('option')).toHaveText(['Choose a meal', ...WEDDING.menu]);
  await food.selectOption(WEDDING.menu[0]!);
  await expect(food).not.toHaveAttribute('aria-invalid', 'true');
  const email = page.getByRole('textbox', { name: /^Email for a confirmation/ });
  await email.fill('not an address');
  await email.press('Enter');
  await expect(one.getByRole('combobox', { name: 'Attending the rehearsal dinner?' })).toBeFocused();
  // Described by its hint, then the message.
  await expect(email).toHaveAccessibleDescription(new RegExp(`${RSVP_TEXT.invalidEmail.replace('.', '\\.')}$`));
  await expectNoAxeViolations(page);
});

test('the invitation offers the wedding and the rehearsal dinner to a calendar: an .ics file, Google and Outlook', async ({
  page,
  request,
}) => {
  const errors = watchForErrors(page);
  await page.setViewportSize(PHONE);
  await page.goto(await linkOf(request, 'Nora Lindqvist'));
  for (const [name, event, file] of [
    ['the wedding', WEDDING.wedding, 'wedding.ics'],
    ['the rehearsal dinner', WEDDING.rehearsal, 'rehearsal-dinner.ics'],
  ] as const) {
    const start = Date.parse(event.start);
    const { date, time } = utcToZoned(start, WEDDING.zone);
    const ics = page.getByRole('link', { name: `Add ${name} to your calendar: .ics file` });
    const [download] = await Promise.all([page.waitForEvent('download'), ics.click()]);
    expect(download.suggestedFilename()).toBe(file);
    const text = (await readFile(await download.path())).toString('utf8');
    expect(text.replace(/\r\n /g, '')).toContain(
      `DTSTART;TZID=${WEDDING.zone}:${date.replace(/-/g, '')}T${time.replace(':', '')}00`,
    );
    expect(text.replace(/\r\n /g, '')).toContain(`LOCATION:${escapeText(`${event.place}, ${event.address}`)}`);
    const google = page.getByRole('link', { name: `Add ${name} to Google Calendar (opens in a new tab)` });
    const dates = new URL((await google.getAttribute('href'))!).searchParams.get('dates');
    expect(dates).toBe(
      [start, Date.parse(event.end)].map((ms) => `${new Date(ms).toISOString().replace(/[-:]|\.\d+/g, '')}`).join('/'),
    );
    await expect(page.getByRole('link', { name: `Add ${name} to Outlook (opens in a new tab)` })).toHaveAttribute(
      'href',
      /^https:\/\/outlook\.live\.com\/calendar\//,
    );
  }
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(errors).toEqual([]);
});

test('the form and its messages keep their contrast in the light theme too', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await page.goto(await linkOf(request, 'Gabriel Okafor'));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Send RSVP' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Please check the \d+ answers marked below\.$/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

/** Serves the RSVP page's read as after the deadline: what the server answers then (open: false). */
async function afterTheDeadline(page: Page): Promise<void> {
  await page.route('**/api/wedding/rsvp/read', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), open: false } });
  });
}

test('after the deadline the page shows the answers read-only, and whom to contact', async ({ page, request }) => {
  await afterTheDeadline(page);
  await page.goto(await linkOf(request, 'Fatima Haddad'));
  await expect(page.getByRole('heading', { name: 'The RSVP is closed' })).toBeVisible();
  await expect(
    page.getByText(`Answers were taken until ${formatWhen(WEDDING.rsvpDeadline, WEDDING.zone)}.`),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: WEDDING.contact.email })).toHaveAttribute(
    'href',
    `mailto:${WEDDING.contact.email}`,
  );
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /RSVP$/ })).toHaveCount(0);
  const one = page.getByRole('heading', { name: 'Guest one: Fatima Haddad' }).locator('..');
  await expect(one).toContainText('Attending the weddingYes');
  await expect(one).toContainText('Food choiceSalmon');
  await expect(one).toContainText('Dietary restrictionsNut allergy');
  await expect(page.getByRole('heading', { name: 'Guest two: Omar Haddad' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page);
});

test('an answer the server refuses for the deadline turns the page read-only', async ({ page, request }) => {
  await page.route('**/api/wedding/rsvp/answer', (route) =>
    route.fulfill({ status: 403, json: { error: RSVP_TEXT.closed, code: 'forbidden', reason: 'closed' } }),
  );
  await page.goto(await linkOf(request, 'Julia Novak'));
  await page.getByRole('button', { name: 'Update RSVP' }).click();
  await expect(page.getByRole('heading', { name: 'The RSVP is closed' })).toBeVisible();
  await expect(page.getByText('These are your answers.')).toBeVisible();
  await expectNoAxeViolations(page);
});

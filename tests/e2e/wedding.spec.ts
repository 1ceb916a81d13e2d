// The wedding console: kept from clearance 2, the counts and table for clearance 3, the three
// disabled buttons, the CSV download and its rules, the empty-list alert and the fetch failure.
import { readFile } from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import { WEDDING_GUESTS } from '../../src/content/wedding-guests.ts';
import { countGuests, peopleOf } from '../../src/features/wedding/logic.ts';
import { createUser, expectNoAxeViolations } from './helpers.ts';

async function openConsoleAs(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto('/weddingconsole');
}

test.describe('wedding console', () => {
  test('a clearance-2 user is kept out', async ({ page, request }) => {
    const member = await createUser(request, { clearance: 2, prefix: 'member' });
    await openConsoleAs(page, member.token);
    await expect(page).toHaveURL(/\/unauthorized$/);
  });

  test('a clearance-3 user sees the counts and table, and exports the CSV', async ({ page, request }) => {
    const admin = await createUser(request, { clearance: 3, prefix: 'admin' });
    await openConsoleAs(page, admin.token);
    await expect(page.getByRole('heading', { name: 'Current Clearance Level: 3' })).toBeVisible();
    for (const label of ['Create Guests', 'Add New Guests', 'Delete Guests']) {
      await expect(page.getByRole('button', { name: label })).toBeDisabled();
    }
    await expect(page.getByRole('button', { name: 'Export to CSV' })).toBeEnabled();
    const meta = await page.locator('meta[name="robots"]').getAttribute('content');
    expect(meta).toContain('noindex');

    // The counts, from the demo list the store was seeded with.
    const counts = countGuests(WEDDING_GUESTS);
    const figure = (label: string) => page.locator('.wedding-figures div').filter({ hasText: label }).locator('dd');
    await expect(figure('Invitations')).toHaveText(String(counts.invitations));
    await expect(figure('RSVPs received')).toHaveText(String(counts.rsvpsReceived));
    await expect(figure('RSVPs pending')).toHaveText(String(counts.rsvpsPending));
    await expect(figure('Attending the wedding')).toHaveText(String(counts.attendingWedding));
    await expect(figure('Attending the rehearsal')).toHaveText(String(counts.attendingRehearsal));
    await expect(figure('With dietary restrictions')).toHaveText(String(counts.withDietaryRestrictions));

    // The table: a row per invitation, names title-cased, answers in words.
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Guest One' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Guest Two' })).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(WEDDING_GUESTS.length);
    const obrien = table.getByRole('row').filter({ hasText: "Margaret O'Brien" });
    await expect(obrien.getByRole('cell').first()).toHaveText('Yes');
    await expect(obrien).toContainText("Patrick O'Brien");
    await expect(table.getByRole('row').filter({ hasText: 'James Smith-Jones' })).toBeVisible();
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('wedding_guests_formatted.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Guest Name,Attending Wedding,Food Choice,Dietary Restrictions');
    expect(lines).toHaveLength(1 + WEDDING_GUESTS.flatMap(peopleOf).length);
    // Title case after a space, hyphen or apostrophe; attendance in words; formulas neutralised; quotes doubled.
    expect(lines).toContain('James Smith-Jones,Accepted,Beef,');
    expect(lines.some((line) => line.startsWith("Kate D'Angelo,"))).toBe(true);
    expect(lines.some((line) => line.startsWith('Marcus Webb,') && line.endsWith(`,"'=no onions, please"`))).toBe(true);
    expect(lines.some((line) => line.endsWith('"Allergic to ""everything"", jokes aside: peanuts"'))).toBe(true);
    expect(lines.filter((line) => line.startsWith('Aiden Murphy,'))).toEqual(['Aiden Murphy,N/A,,']);
    expect(lines.every((line, index) => index === 0 || /,(Accepted|Declined|N\/A),/.test(line))).toBe(true);
  });

  test('an empty list alerts on export; a failed fetch is logged', async ({ page, request }) => {
    const admin = await createUser(request, { clearance: 3, prefix: 'admin' });
    await page.route('**/api/wedding/get-all-guests', (route) =>
      route.fulfill({ json: { status: 'Success', guests: [] } }),
    );
    await openConsoleAs(page, admin.token);
    await expect(page.getByText('No guests yet.')).toBeVisible();
    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Export to CSV' }).click();
    await expect.poll(() => alerts).toEqual(['No guest data to export.']);

    const failing = await page.context().newPage();
    const logged: string[] = [];
    failing.on('console', (message) => logged.push(message.text()));
    await failing.route('**/api/wedding/get-all-guests', (route) => route.abort('failed'));
    await failing.goto('/weddingconsole');
    await expect.poll(() => logged.some((text) => text.includes('An error occurred fetching guests.'))).toBe(true);
  });
});

// The wedding console: kept from clearance 2, the counts and table for clearance 3, the three
// disabled buttons, the CSV download and its rules, the empty-list alert and the fetch failure;
// the search and filters, the export of what they show, and the lists copied by name; and a
// household's RSVP link copied from the console, answered, and marked in the console as changed
// since the last export until the next one. The file's tests run in order, in one worker: an
// export marks what the others see (the RSVP page's other flows are in rsvp.spec.ts).
import { readFile } from 'node:fs/promises';
import { type Page, expect } from '@playwright/test';
import { features, switchedOff } from '../site-config.ts';
import { WEDDING } from '../../src/content/wedding.ts';
import { WEDDING_GUESTS } from '../../src/content/wedding-guests.ts';
import { countGuests, peopleOf } from '../../src/features/wedding/logic.ts';
import { formatWhen } from '../../src/features/wedding/rsvp/logic.ts';
import { test, waitsForSite } from './fixtures.ts';
import { createUser, expectNoAxeViolations } from './helpers.ts';

async function openConsoleAs(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto('/weddingconsole');
}

test.skip(!features.wedding, switchedOff('wedding'));
// In order, in one worker: the RSVP flow's export would clear the marks another test of this file looks at.
test.describe.configure({ mode: 'default' });

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
    const figure = (label: string) =>
      page.locator('.wedding-figures div').filter({ hasText: label }).locator('dd').first();
    await expect(figure('Invitations')).toHaveText(String(counts.invitations));
    await expect(figure('RSVPs received')).toHaveText(String(counts.rsvpsReceived));
    await expect(figure('RSVPs pending')).toHaveText(String(counts.rsvpsPending));
    // People, not invitations: the demo list's 42 attending, 11 declined and 13 unanswered.
    await expect(figure('Headcount')).toHaveText('42');
    await expect(page.locator('.wedding-figures div').filter({ hasText: 'Headcount' })).toContainText(
      'people attending the wedding',
    );
    await expect(figure('Declined')).toHaveText('11');
    await expect(figure('No answer yet')).toHaveText('13');
    expect([counts.attendingWedding, counts.declinedWedding, counts.noWeddingAnswer]).toEqual([42, 11, 13]);
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

  test('export waits for the list; an empty list alerts on export; a failed fetch is logged', async ({
    page,
    request,
  }) => {
    const admin = await createUser(request, { clearance: 3, prefix: 'admin' });
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/wedding/get-all-guests', async (route) => {
      await answered;
      await route.fulfill({ json: { status: 'Success', guests: [] } });
    });
    await openConsoleAs(page, admin.token);
    // While the list is on its way there is nothing to export yet, and no "no data" to say.
    await expect(page.getByText('Loading guests...')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export to CSV' })).toBeDisabled();
    answer();
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

  test('search and filters narrow the table and its export; the not-replied names copy to the clipboard', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const admin = await createUser(request, { clearance: 3, prefix: 'admin' });
    await openConsoleAs(page, admin.token);
    const rows = page.getByRole('table').locator('tbody tr');
    const status = page.getByRole('status').filter({ hasText: /^Showing/ });
    const total = WEDDING_GUESTS.length;
    await expect(status).toHaveText(`Showing ${total} of ${total} invitations`);
    await expect(page.getByRole('button', { name: /^Export shown/ })).toHaveCount(0);

    // The search ignores case and accents, and finds guest two too.
    const search = page.getByRole('searchbox', { name: 'Search by name' });
    await search.fill('LOPEZ');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Ana María López');
    await search.fill('grace whit');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Hannah Whitfield');
    await expect(status).toHaveText(`Showing 1 of ${total} invitations`);
    await search.fill('');

    // Replied, and someone on the invitation declined the wedding but comes to the rehearsal.
    await page.getByRole('combobox', { name: 'RSVP submitted' }).selectOption('Yes');
    await page.getByRole('combobox', { name: 'Attending wedding' }).selectOption('Declined');
    await page.getByRole('combobox', { name: 'Attending rehearsal' }).selectOption('Accepted');
    const expected = [
      "Margaret O'Brien",
      'Olivia Drecoll',
      'Chloe Bennett',
      'Rachel Greenberg',
      'Maya Singh',
      'Samuel Adeyemi',
      'Ruby Castillo',
    ];
    await expect(rows).toHaveCount(expected.length);
    for (const name of expected) await expect(rows.filter({ hasText: name })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Ana María López' })).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Diego Alvarez' })).toHaveCount(0); // declined both
    await expect(status).toHaveText(`Showing 7 of ${total} invitations`);
    await expectNoAxeViolations(page);

    // The export of what is shown: the same format, only the people of the rows on screen.
    const tableNames = (
      await rows.evaluateAll((trs) =>
        trs.flatMap((tr) => [tr.children[1]?.textContent ?? '', tr.children[6]?.textContent ?? '']),
      )
    ).filter(Boolean);
    const [shownDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export shown (7)' }).click(),
    ]);
    expect(shownDownload.suggestedFilename()).toBe('wedding_guests_formatted_filtered.csv');
    const shownLines = (await readFile(await shownDownload.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(shownLines[0]).toBe('Guest Name,Attending Wedding,Food Choice,Dietary Restrictions');
    expect(shownLines.slice(1).map((line) => line.split(',')[0])).toEqual(tableNames);
    expect(shownLines).toContain('Olivia Drecoll,Declined,,Nut allergy');
    expect(shownLines).toContain('Ben Drecoll,Accepted,Vegetarian,');

    // Export to CSV still exports everything, under the spec's name.
    const [fullDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    expect(fullDownload.suggestedFilename()).toBe('wedding_guests_formatted.csv');
    const fullCsv = (await readFile(await fullDownload.path(), 'utf8')).trimEnd().split('\r\n');
    expect(fullCsv).toHaveLength(1 + WEDDING_GUESTS.flatMap(peopleOf).length);

    // The meal filter: 13 invitations have a salmon; the name and the meal must be one guest's.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(search).toBeFocused();
    await expect(status).toHaveText(`Showing ${total} of ${total} invitations`);
    await page.getByRole('combobox', { name: 'Meal choice' }).selectOption('Salmon');
    await expect(rows).toHaveCount(13);
    await search.fill('lily nakamura');
    await expect(rows).toHaveCount(1);
    await search.fill('kenji nakamura'); // Lily's husband chose beef
    await expect(rows).toHaveCount(0);
    await expect(page.getByText('No invitations match the search and filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // Copy: the not-replied invitations, one per line, with a toast that says so.
    await page.getByRole('button', { name: 'Copy names: Not replied yet' }).click();
    await expect(page.getByText('9 invitations on your clipboard, one per line.')).toBeVisible();
    // In the table's order (by guest one's name), an invitation of two on one line.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      [
        'Aiden Murphy and Siobhan Murphy',
        'Amelia Hart',
        'Ana María López',
        'Connor Byrne',
        'Ella Fitzgerald-Moore',
        'Gabriel Okafor and Adaeze Okafor',
        'Hannah Whitfield and Grace Whitfield',
        'Noah Jozwiak and Emma Jozwiak',
        'Nora Lindqvist',
      ].join('\n'),
    );
    await expect(page.getByRole('region', { name: 'Not replied yet (9)' }).getByRole('listitem')).toHaveCount(9);
    await expect(page.getByRole('heading', { name: 'No meal chosen (0)' })).toBeVisible();
  });

  test('the no-meal list names the attending guests without a meal, and copies them', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const admin = await createUser(request, { clearance: 3, prefix: 'admin' });
    const [first, second] = WEDDING_GUESTS;
    await page.route('**/api/wedding/get-all-guests', (route) =>
      route.fulfill({
        json: {
          status: 'Success',
          guests: [
            { ...first, g1FoodChoice: '' }, // Margaret attends without a meal; Patrick declined
            { ...second, g2FoodChoice: ' ' }, // Laura too
          ],
        },
      }),
    );
    await openConsoleAs(page, admin.token);
    const list = page.getByRole('region', { name: 'No meal chosen (2)' });
    await expect(list.getByRole('listitem')).toHaveText(["Margaret O'Brien", 'Laura Smith-Jones']);
    await expect(page.getByText('Every invitation has replied.')).toBeVisible();
    await list.getByRole('button', { name: 'Copy names: No meal chosen' }).click();
    await expect(page.getByText('2 guests on your clipboard, one per line.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("Margaret O'Brien\nLaura Smith-Jones");
    await page.getByRole('combobox', { name: 'Meal choice' }).selectOption('Not chosen');
    await page.getByRole('combobox', { name: 'Attending wedding' }).selectOption('Accepted');
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(2);
    await expectNoAxeViolations(page);
  });
});

test.describe('a household answers through its RSVP link', () => {
  test('the console copies the link; the answer, and a change of it, are marked in the console until the next export', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const admin = await createUser(request, { clearance: 3, prefix: 'admin' });
    await openConsoleAs(page, admin.token);
    const summary = page.getByRole('status').filter({ hasText: /changed since your last export on|no export yet/ });
    const exportAll = async () => {
      await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to CSV' }).click()]);
      await expect(summary).toHaveText(/^0 changed since your last export on /);
    };
    await exportAll();

    // Henry Thornton's household: its link from the console's Copy link, opened as the guest would.
    await page.getByRole('button', { name: 'Copy link: Henry Thornton' }).click();
    await expect(page.getByText('The RSVP link of Henry Thornton is on your clipboard.')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${new URL(page.url()).origin}/rsvp#[A-Za-z0-9_-]{32}$`));
    const guest = waitsForSite(await context.newPage());
    await guest.goto(link);
    await expect(
      guest.getByRole('heading', { name: `You are invited to the wedding of ${WEDDING.couple}` }),
    ).toBeVisible();
    await expect(guest.getByText('Dear Henry Thornton and Alice Thornton,')).toBeVisible();
    await expect(guest.getByText(formatWhen(WEDDING.wedding.start, WEDDING.zone))).toBeVisible();
    await expect(guest.getByText(formatWhen(WEDDING.rsvpDeadline, WEDDING.zone))).toBeVisible();
    // The form holds the answers the list has.
    const one = guest.getByRole('group', { name: 'Guest one: Henry Thornton' });
    await expect(one.getByRole('combobox', { name: 'Attending the wedding?' })).toHaveValue('yes');
    await expect(one.getByRole('combobox', { name: 'Food choice' })).toHaveValue('Vegetarian');
    const two = guest.getByRole('group', { name: 'Guest two' });
    await expect(two.getByRole('textbox', { name: "Guest two's full name" })).toHaveValue('Alice Thornton');
    const dietary = two.getByRole('textbox', { name: /^Dietary restrictions/ });
    await expect(dietary).toHaveValue('Dairy free');
    await expectNoAxeViolations(guest);

    // Alice's note changes (the counts do not: she still has a restriction).
    await dietary.fill('Dairy free, no butter');
    await guest.getByRole('button', { name: 'Update RSVP' }).click();
    const saved = guest.getByRole('status').filter({ hasText: 'Thank you! Your answers are saved.' });
    await expect(saved).toBeFocused();
    await expect(two.getByRole('textbox', { name: /^Dietary restrictions/ })).toHaveValue('Dairy free, no butter');

    // The console marks the row, in words, with when the household answered; the count says as many.
    await page.reload();
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Henry Thornton' });
    await expect(row.getByRole('cell').first()).toContainText('Changed since export');
    await expect(row.getByRole('cell').first()).toContainText(/^Yes on \w{3} \d{1,2}, \d{4}/);
    await expect(row).toContainText('Dairy free, no butter');
    const marked = await page.getByRole('table').getByRole('row').filter({ hasText: 'Changed since export' }).count();
    await expect(summary).toHaveText(new RegExp(`^${marked} changed since your last export on `));
    expect(marked).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page);

    // Changed back: still changed since the export, until the next export.
    await dietary.fill('Dairy free');
    await guest.getByRole('button', { name: 'Update RSVP' }).click();
    await expect(saved).toBeFocused();
    await page.reload();
    await expect(row.getByRole('cell').first()).toContainText('Changed since export');
    await expect(row).not.toContainText('no butter');
    await exportAll();
    await expect(row.getByRole('cell').first()).not.toContainText('Changed since export');
    await expect(row.getByRole('cell').first()).toContainText(/^Yes on /);
  });
});

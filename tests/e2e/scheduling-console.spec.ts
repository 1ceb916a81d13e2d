// The scheduling console's six buttons, which drop and re-create the configured polls every other
// test reads and votes in: this file runs in a project of its own, once every other project is done
// (playwright.config.ts).
import { expect } from '@playwright/test';
import { features, switchedOff } from '../site-config.ts';
import { test } from './fixtures.ts';
import { DATE_POLL } from '../../src/content/polls.ts';
import {
  TIME_SLOT_POLL_IDS,
  configuredItems,
  configuredPollItems,
} from '../../src/features/scheduling/configured/logic.ts';
import { createUser, expectNoAxeViolations } from './helpers.ts';

test.skip(!features.scheduling, switchedOff('scheduling'));

test('the six buttons report in the words of the spec', async ({ page, request }) => {
  const admin = await createUser(request, { clearance: 3, prefix: 'admin' });
  await page.addInitScript((token) => localStorage.setItem('token', token), admin.token);
  await page.goto('/schedulingconsole');
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduling Poll Admin Console' })).toBeVisible();
  const result = page.getByRole('status').filter({ hasText: /schedule/ });
  // A drop asks first, in a dialog that names what it deletes; the others run at once.
  const confirmation = (label: string) => page.getByRole('dialog', { name: `${label}?` });
  const press = async (label: string, expected: RegExp, outcome: 'success' | 'failure') => {
    await page.getByRole('button', { name: label, exact: true }).click();
    if (label.startsWith('Drop')) {
      await expect(confirmation(label)).toContainText('It cannot be undone.');
      await confirmation(label).getByRole('button', { name: label, exact: true }).click();
      await expect(confirmation(label)).toBeHidden();
    }
    await expect(result).toHaveText(expected);
    await expect(result).toHaveAttribute('data-outcome', outcome);
  };

  const items = configuredItems().length;
  const links = TIME_SLOT_POLL_IDS.reduce((sum, pollId) => sum + configuredPollItems(pollId).length, 0);
  const dates = DATE_POLL.dates.length;
  const counted = (endpoint: string, word: string, count: number) =>
    new RegExp(`^Success: ${endpoint} \\(${word}: ${count} items\\) - `);

  await press('Create Schedule Items', counted('create-schedule-items', 'Created', 0), 'success');

  // Cancel (or Escape) leaves everything as it was: nothing is sent, the alert still says the last action.
  let drops = 0;
  page.on('request', (request) => {
    if (/\/api\/scheduling\/drop-/.test(request.url())) drops++;
  });
  await page.getByRole('button', { name: 'Drop Schedule Items', exact: true }).click();
  const dialog = confirmation('Drop Schedule Items');
  await expect(dialog).toContainText(
    'This deletes every time slot of the Defense and Ragnarok polls and every vote for them.',
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Drop Schedule Items', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Drop Schedule Date Items', exact: true }).click();
  await expect(confirmation('Drop Schedule Date Items')).toContainText('every date of the reunion poll');
  await page.keyboard.press('Escape');
  await expect(confirmation('Drop Schedule Date Items')).toBeHidden();
  await expect(result).toHaveText(counted('create-schedule-items', 'Created', 0));
  expect(drops).toBe(0);

  await press('Drop Schedule Polls', counted('drop-schedule-polls', 'Deleted', links), 'success');
  await press('Drop Schedule Items', counted('drop-schedule-items', 'Deleted', items), 'success');
  await press(
    'Create Schedule Polls',
    /^Failed: create-schedule-polls - There are no schedule items yet\. - Create the schedule items first\.$/,
    'failure',
  );
  await press('Create Schedule Items', counted('create-schedule-items', 'Created', items), 'success');
  await press('Create Schedule Polls', counted('create-schedule-polls', 'Created', links), 'success');
  await press('Drop Schedule Date Items', counted('drop-schedule-date-items', 'Deleted', dates), 'success');
  await press('Create Schedule Date Items', counted('create-schedule-date-items', 'Created', dates), 'success');
  // The console with a result; the scan with the dialog open saw only the dialog (axe skips what it blocks).
  await expectNoAxeViolations(page);

  // The network down: 'Error: <endpoint> - <reason>'.
  await page.route('**/api/scheduling/create-schedule-items', (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Create Schedule Items', exact: true }).click();
  await expect(result).toHaveText(/^Error: create-schedule-items - .+/);
  await expect(result).toHaveAttribute('data-outcome', 'failure');
});

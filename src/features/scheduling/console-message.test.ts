import { describe, expect, it } from 'vitest';
import { DROP_CONFIRMATIONS, consoleMessage } from './console-message.ts';

describe('the console alert', () => {
  it('words a success with its counts and message', () => {
    expect(
      consoleMessage('create-schedule-items', {
        answered: true,
        ok: true,
        body: { status: 'Success', created: 35, message: '35 time slots are configured.' },
      }),
    ).toEqual({ text: 'Success: create-schedule-items (Created: 35 items) - 35 time slots are configured.', ok: true });
    expect(
      consoleMessage('drop-schedule-polls', { answered: true, ok: true, body: { status: 'Success', deleted: 0 } }),
    ).toEqual({ text: 'Success: drop-schedule-polls (Deleted: 0 items)', ok: true });
  });

  it('words a refusal with the error and message', () => {
    expect(
      consoleMessage('create-schedule-polls', {
        answered: true,
        ok: false,
        body: {
          status: 'Failed',
          error: 'There are no schedule items yet.',
          message: 'Create the schedule items first.',
        },
      }),
    ).toEqual({
      text: 'Failed: create-schedule-polls - There are no schedule items yet. - Create the schedule items first.',
      ok: false,
    });
    expect(consoleMessage('x', { answered: true, ok: false, body: {} })).toEqual({ text: 'Failed: x', ok: false });
  });

  it('words a network error with its reason or Unknown error', () => {
    expect(consoleMessage('x', { answered: false, reason: 'Failed to fetch' }).text).toBe('Error: x - Failed to fetch');
    expect(consoleMessage('x', { answered: false })).toEqual({ text: 'Error: x - Unknown error', ok: false });
  });
});

describe('the drop confirmations', () => {
  it('name what each drop deletes, and only the drops ask', () => {
    expect(Object.keys(DROP_CONFIRMATIONS).sort()).toEqual([
      'drop-schedule-date-items',
      'drop-schedule-items',
      'drop-schedule-polls',
    ]);
    expect(DROP_CONFIRMATIONS['drop-schedule-items']!.text).toMatch(/every time slot .* every vote/);
    expect(DROP_CONFIRMATIONS['drop-schedule-polls']!.text).toMatch(/every vote .* The time slots stay/);
    expect(DROP_CONFIRMATIONS['drop-schedule-date-items']!.text).toMatch(
      /every date of the reunion poll and every vote/,
    );
  });
});

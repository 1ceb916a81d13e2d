import { describe, expect, it } from 'vitest';
import { isClosed, ownerAction, resultsShown } from './logic.ts';

const open = { closedInConfig: false };
const closedInConfig = { closedInConfig: true };

describe('closing the poll', () => {
  it('is closed by the config whatever the store says, else by the store', () => {
    expect(isClosed(open, false)).toBe(false);
    expect(isClosed(open, true)).toBe(true);
    expect(isClosed(closedInConfig, false)).toBe(true);
    expect(isClosed(closedInConfig, true)).toBe(true);
  });

  it('offers the owner Close while open, Reopen once closed, and nothing when the config closes it', () => {
    expect(ownerAction(open, false)).toBe('close');
    expect(ownerAction(open, true)).toBe('reopen');
    expect(ownerAction(closedInConfig, true)).toBe('none');
  });

  it('shows the results to a browser that voted, to the owner, and to everyone once closed', () => {
    const cases = [
      [{ voted: false, owner: false, closed: false }, false],
      [{ voted: true, owner: false, closed: false }, true],
      [{ voted: false, owner: true, closed: false }, true],
      [{ voted: false, owner: false, closed: true }, true],
    ] as const;
    for (const [who, shown] of cases) expect(resultsShown(who), JSON.stringify(who)).toBe(shown);
  });
});

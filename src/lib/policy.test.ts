import { describe, expect, it } from 'vitest';
import { canAdminister, canRunPoll, canUseForum } from './policy.ts';

describe('policy', () => {
  it('lets members (clearance 2) and admins into the forum, not visitors', () => {
    expect([1, 2, 3].map((clearance) => canUseForum({ clearance }))).toEqual([false, true, true]);
  });

  it('lets only admins (clearance 3) administer', () => {
    expect([1, 2, 3].map((clearance) => canAdminister({ clearance }))).toEqual([false, false, true]);
  });

  it('lets only the owner (clearance 3) run the one-question poll', () => {
    expect([1, 2, 3].map((clearance) => canRunPoll({ clearance }))).toEqual([false, false, true]);
    expect(canRunPoll({})).toBe(false);
  });

  it('grants nothing to a user without a clearance claim', () => {
    expect(canUseForum({})).toBe(false);
    expect(canAdminister({})).toBe(false);
  });
});

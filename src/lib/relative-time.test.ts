import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time.ts';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says the largest whole unit, in words where English has them', () => {
    expect(timeAgo(before(3), now)).toBe('just now');
    expect(timeAgo(before(45), now)).toBe('45 seconds ago');
    expect(timeAgo(before(3 * 60), now)).toBe('3 minutes ago');
    expect(timeAgo(before(2 * 3600), now)).toBe('2 hours ago');
    expect(timeAgo(before(26 * 3600), now)).toBe('yesterday');
    expect(timeAgo(before(400 * 86400), now)).toBe('last year');
  });
});

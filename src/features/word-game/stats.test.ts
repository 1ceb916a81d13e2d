import { describe, expect, it } from 'vitest';
import {
  type GameResult,
  type Stats,
  emptyStats,
  impossibleStats,
  mergeStats,
  recordResult,
  shownStreak,
  winPercent,
  wins,
} from './stats.ts';

let next = 0;
const result = (mode: GameResult['mode'], day: number, guesses: number | 'lost'): GameResult => ({
  id: `game-${++next}`,
  mode,
  won: guesses !== 'lost',
  guesses: guesses === 'lost' ? 6 : guesses,
  day,
});
const play = (stats: Stats, ...results: GameResult[]) => results.reduce(recordResult, stats);

describe('word game statistics', () => {
  it('counts games, wins by guesses, and the win percentage', () => {
    const stats = play(
      emptyStats(),
      result('practice', 100, 3),
      result('practice', 100, 'lost'),
      result('practice', 101, 3),
      result('practice', 101, 6),
    );
    expect(stats.played).toBe(4);
    expect(stats.distribution).toEqual([0, 0, 2, 0, 0, 1]);
    expect(wins(stats)).toBe(3);
    expect(winPercent(stats)).toBe(75);
    expect(winPercent(emptyStats())).toBe(0);
    expect(
      winPercent(
        play(emptyStats(), result('practice', 1, 2), result('practice', 1, 'lost'), result('practice', 1, 'lost')),
      ),
    ).toBe(33);
  });

  it('extends a streak with each win, ends it with a loss, and keeps the longest', () => {
    const stats = play(
      emptyStats(),
      result('practice', 100, 2),
      result('practice', 100, 4),
      result('practice', 100, 5),
      result('practice', 100, 'lost'),
      result('practice', 100, 1),
    );
    expect(stats).toMatchObject({ currentStreak: 1, maxStreak: 3 });
  });

  it('in Daily mode, extends a streak only with a win the day after the last game', () => {
    const twoDays = play(emptyStats(), result('daily', 100, 3), result('daily', 101, 4));
    expect(twoDays).toMatchObject({ currentStreak: 2, maxStreak: 2, lastDay: 101 });
    // A day missed: the next win starts a new streak.
    const missed = play(twoDays, result('daily', 103, 2));
    expect(missed).toMatchObject({ currentStreak: 1, maxStreak: 2, lastDay: 103 });
    expect(play(missed, result('daily', 104, 'lost'))).toMatchObject({ currentStreak: 0, maxStreak: 2 });
    // Practice games on any day keep a practice streak going.
    expect(play(emptyStats(), result('practice', 100, 3), result('practice', 140, 3))).toMatchObject({
      currentStreak: 2,
    });
  });

  it('shows a Daily streak as over once a day has been missed', () => {
    const stats = play(emptyStats(), result('daily', 100, 3), result('daily', 101, 4));
    expect(shownStreak(stats, 'daily', 101)).toBe(2);
    expect(shownStreak(stats, 'daily', 102)).toBe(2); // today's word not played yet: still alive
    expect(shownStreak(stats, 'daily', 103)).toBe(0);
    expect(shownStreak({ ...stats }, 'practice', 200)).toBe(2);
  });

  it('merges a guest’s statistics into an account’s', () => {
    const account = play(emptyStats(), result('daily', 90, 2), result('daily', 91, 3), result('daily', 92, 4));
    const guest = play(emptyStats(), result('daily', 100, 5), result('daily', 101, 'lost'), result('daily', 102, 6));
    const merged = mergeStats(account, guest);
    expect(merged).toEqual({
      played: 6,
      distribution: [0, 1, 1, 1, 1, 1],
      currentStreak: 1,
      maxStreak: 3,
      lastDay: 102,
    });
    expect(impossibleStats(merged)).toBeUndefined();
    // The account played last: its streak stands.
    expect(mergeStats(guest, account).currentStreak).toBe(1);
    expect(mergeStats(account, play(emptyStats(), result('daily', 50, 1))).currentStreak).toBe(3);
    expect(mergeStats(account, emptyStats())).toEqual(account);
  });

  it('finds statistics no one could have', () => {
    const fine = play(emptyStats(), result('practice', 100, 3), result('practice', 100, 'lost'));
    expect(impossibleStats(fine)).toBeUndefined();
    expect(impossibleStats(emptyStats())).toBeUndefined();
    expect(impossibleStats({ ...fine, played: 0 })).toBe('There cannot be more wins than games.');
    expect(impossibleStats({ ...fine, maxStreak: 2 })).toBe('A streak cannot be longer than the wins.');
    expect(impossibleStats({ ...fine, currentStreak: 1, maxStreak: 0 })).toBe(
      'The current streak cannot be longer than the longest.',
    );
    expect(impossibleStats({ ...fine, distribution: [0, 0, 1, 0, 0] })).toBe('The distribution must have 6 counts.');
    expect(impossibleStats({ ...fine, played: -1 })).toBe('Statistics must be whole numbers of 0 or more.');
    expect(impossibleStats({ ...fine, played: 2.5 })).toBe('Statistics must be whole numbers of 0 or more.');
    expect(impossibleStats({ ...fine, lastDay: -1 })).toBe('Games need a last day, and a last day needs games.');
  });
});

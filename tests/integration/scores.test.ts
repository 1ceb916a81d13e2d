import { describe, expect, it } from 'vitest';
import register from '../../netlify/functions/auth-register.mts';
import allScores from '../../netlify/functions/word-game-all-scores.mts';
import wordGame from '../../netlify/functions/word-game-score.mts';
import { dayNumber } from '../../src/lib/utc-day.ts';
import { type AllStats, type GameResult, type Stats, emptyAllStats } from '../../src/features/word-game/stats.ts';
import { features } from '../site-config.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';

async function newPlayer() {
  const username = uniqueName('player');
  const { body } = await call(register, { body: { username, password: 'long enough password' } });
  return { username, token: String(body.user) };
}

describe.skipIf(!features.wordGame)('scoring', () => {
  it('starts at 7 (never won), keeps the lowest round count, and 7 only reads', async () => {
    const { username, token } = await newPlayer();
    const send = (roundScore: number) => call(wordGame, { token, body: { userName: username, roundScore } });
    expect((await send(7)).body).toEqual({ status: 'Success', bestScore: 7, stats: emptyAllStats() });
    expect((await send(5)).body.bestScore).toBe(5);
    expect((await send(6)).body.bestScore).toBe(5);
    expect((await send(3)).body.bestScore).toBe(3);
    expect((await send(7)).body.bestScore).toBe(3);
    const scores = await call(allScores, { token, body: { userName: username } });
    expect(scores.body).toEqual({
      status: 'Success',
      scores: [{ game: 'wordGame', bestScore: 3, stats: emptyAllStats() }],
    });
    expect(await countStoreRoundTrips(() => send(4))).toBe(1);
    expect(await countStoreRoundTrips(() => call(allScores, { token, body: { userName: username } }))).toBe(1);
  });

  it('refuses another user name than the token own, and calls without a token', async () => {
    const { token } = await newPlayer();
    const other = await newPlayer();
    const forged = await call(wordGame, { token, body: { userName: other.username, roundScore: 1 } });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe('You can only see and save your own scores.');
    expect((await call(allScores, { token, body: { userName: other.username } })).status).toBe(403);
    expect((await call(allScores, { body: { userName: other.username } })).status).toBe(401);
    expect(
      (await call(wordGame, { token: other.token, body: { userName: other.username, roundScore: 7 } })).body.bestScore,
    ).toBe(7);
  });

  it.each([0, 8, 2.5, '3'])('refuses roundScore %j', async (roundScore) => {
    const { username, token } = await newPlayer();
    const result = await call(wordGame, { token, body: { userName: username, roundScore } });
    expect(result.status).toBe(400);
  });
});

let games = 0;
const today = dayNumber();
const game = (mode: GameResult['mode'], guesses: number | 'lost', day = today): GameResult => ({
  id: `game-${Date.now()}-${++games}`,
  mode,
  won: guesses !== 'lost',
  guesses: guesses === 'lost' ? 6 : guesses,
  day,
});

describe.skipIf(!features.wordGame)('word game statistics', () => {
  async function player() {
    const { username, token } = await newPlayer();
    const send = (body: Record<string, unknown>) =>
      call(wordGame, { token, body: { userName: username, roundScore: 7, ...body } });
    const stats = async (body: Record<string, unknown> = {}) => (await send(body)).body.stats as AllStats;
    return { username, token, send, stats };
  }

  it('saves a finished game with its best score, and reads them, in one round trip each', async () => {
    const { username, token, send, stats } = await player();
    const won = game('practice', 3);
    expect(await countStoreRoundTrips(() => send({ roundScore: 3, result: won }))).toBe(1);
    expect(await countStoreRoundTrips(() => send({}))).toBe(1);
    const { body } = await send({ result: game('practice', 'lost') });
    expect(body.bestScore).toBe(3);
    expect(body.stats).toEqual({
      daily: emptyAllStats().daily,
      practice: { played: 2, distribution: [0, 0, 1, 0, 0, 0], currentStreak: 0, maxStreak: 1, lastDay: today },
    });
    expect((await stats()).practice.played).toBe(2);
    // The dashboard reads them too, in its one round trip.
    const scores = await call(allScores, { token, body: { userName: username } });
    expect(scores.body.scores).toEqual([{ game: 'wordGame', bestScore: 3, stats: body.stats }]);
  });

  it('counts a result once, however often it is sent', async () => {
    const { stats } = await player();
    const won = game('practice', 2);
    await stats({ result: won });
    await stats({ result: won });
    expect((await stats({ result: won })).practice).toMatchObject({ played: 1, distribution: [0, 1, 0, 0, 0, 0] });
  });

  it('keeps Daily streaks by day, and counts one Daily game a day', async () => {
    const { stats } = await player();
    await stats({ result: game('daily', 4, today - 1) });
    expect((await stats({ result: game('daily', 2, today) })).daily).toEqual({
      played: 2,
      distribution: [0, 1, 0, 1, 0, 0],
      currentStreak: 2,
      maxStreak: 2,
      lastDay: today,
    });
    // Today's word again (another tab, another device): not counted.
    expect((await stats({ result: game('daily', 1, today) })).daily.played).toBe(2);
    expect((await stats()).practice.played).toBe(0);
  });

  it('adds a guest’s statistics at login once, however often the merge is sent', async () => {
    const { stats } = await player();
    await stats({ result: game('daily', 3, today - 1) });
    const guest: Stats = {
      played: 3,
      distribution: [0, 0, 1, 1, 0, 0],
      currentStreak: 1,
      maxStreak: 1,
      lastDay: today,
    };
    const merge = { id: `merge-${Date.now()}`, stats: { ...emptyAllStats(), daily: guest } };
    const expected = { played: 4, distribution: [0, 0, 2, 1, 0, 0], currentStreak: 1, maxStreak: 1, lastDay: today };
    expect((await stats({ merge })).daily).toEqual(expected);
    expect((await stats({ merge })).daily).toEqual(expected);
    expect((await stats()).practice).toEqual(emptyAllStats().practice);
  });

  it('refuses impossible statistics and results', async () => {
    const { send, stats } = await player();
    const fine: Stats = { played: 2, distribution: [0, 1, 0, 0, 0, 0], currentStreak: 1, maxStreak: 1, lastDay: today };
    const refusals: [Record<string, unknown>, string][] = [
      [{ result: { ...game('practice', 3), guesses: 0 } }, 'guesses must be from 1 to 6.'],
      [{ result: { ...game('practice', 3), guesses: 7 } }, 'guesses must be from 1 to 6.'],
      [{ result: { ...game('practice', 3), guesses: 2.5 } }, 'guesses must be a whole number.'],
      [{ result: { ...game('practice', 'lost'), guesses: 3 } }, 'A lost game took 6 guesses.'],
      [{ result: { ...game('practice', 3), mode: 'speed' } }, 'mode must be daily or practice.'],
      [{ result: { ...game('practice', 3), id: 'x' } }, 'An id must be 8 to 64 letters, digits or hyphens.'],
      [
        { result: { ...game('practice', 3), extra: 1 } },
        'A result is an id, mode, won, guesses and day, nothing else.',
      ],
      [{ result: game('daily', 3, today + 5) }, 'The game must be from today.'],
      [{ result: game('daily', 3, today - 2) }, 'The game must be from today.'],
      [
        { merge: { id: 'merge-12345', stats: { daily: { ...fine, played: 0, lastDay: -1 }, practice: fine } } },
        'There cannot be more wins than games.',
      ],
      [
        { merge: { id: 'merge-12345', stats: { daily: { ...fine, maxStreak: 3 }, practice: fine } } },
        'A streak cannot be longer than the wins.',
      ],
      [
        { merge: { id: 'merge-12345', stats: { daily: { ...fine, distribution: [1, 1] }, practice: fine } } },
        'The distribution must have 6 counts.',
      ],
      [
        { merge: { id: 'merge-12345', stats: { daily: fine, practice: { ...fine, lastDay: today + 9 } } } },
        'The statistics cannot be from a day still to come.',
      ],
    ];
    for (const [body, error] of refusals) {
      const refused = await send(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error, JSON.stringify(body)).toContain(error);
    }
    expect(await stats()).toEqual(emptyAllStats());
  });
});

import { describe, expect, it } from 'vitest';
import register from '../../netlify/functions/register.mts';
import allScores from '../../netlify/functions/scoring-all-scores.mts';
import wordGame from '../../netlify/functions/scoring-wordgame.mts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';

async function newPlayer() {
  const username = uniqueName('player');
  const { body } = await call(register, { body: { username, password: 'long enough password' } });
  return { username, token: String(body.user) };
}

describe('scoring', () => {
  it('starts at 7 (never won), keeps the lowest round count, and 7 only reads', async () => {
    const { username, token } = await newPlayer();
    const send = (roundScore: number) => call(wordGame, { token, body: { userName: username, roundScore } });
    expect((await send(7)).body).toEqual({ status: 'Success', bestScore: 7 });
    expect((await send(5)).body.bestScore).toBe(5);
    expect((await send(6)).body.bestScore).toBe(5);
    expect((await send(3)).body.bestScore).toBe(3);
    expect((await send(7)).body.bestScore).toBe(3);
    const scores = await call(allScores, { token, body: { userName: username } });
    expect(scores.body).toEqual({ status: 'Success', scores: [{ game: 'wordGame', bestScore: 3 }] });
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

// Sessions that can be ended: a clearance change, a deletion (and the name
// registered again), a password change and "log out everywhere" end every earlier token at once,
// and a refused request writes nothing. That every function reading a token refuses an ended
// session is access.test.ts's, from each function's declared access.
import { describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import logoutEverywhere from '../../netlify/functions/account-logout-everywhere.mts';
import createCartItem from '../../netlify/functions/dhh-create-cart-item.mts';
import getCartItems from '../../netlify/functions/dhh-get-cart-items.mts';
import login from '../../netlify/functions/login.mts';
import createMessage from '../../netlify/functions/forum-create-message.mts';
import getMessages from '../../netlify/functions/forum-get-messages.mts';
import register from '../../netlify/functions/register.mts';
import allScores from '../../netlify/functions/scoring-all-scores.mts';
import wordGame from '../../netlify/functions/scoring-wordgame.mts';
import { deleteUser, setClearance, setPassword } from '../../src/features/auth/service.server.ts';
import { keys } from '../../src/server/keys.ts';
import { redis } from '../../src/server/redis.ts';
import { SESSION_ENDED } from '../../src/server/session.ts';
import { useOwnStore } from './functions.ts';
import { call, uniqueName } from './request.ts';

const password = 'a-long-password';

useOwnStore();

/** Registers a user and returns the token register answered. */
async function registered(username = uniqueName('sess')) {
  const result = await call(register, { body: { username, password, firstName: 'Sam' } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return { username, token: String(result.body.user) };
}

async function loggedIn(username: string, withPassword = password): Promise<string> {
  const result = await call(login, { body: { username, password: withPassword } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return String(result.body.user);
}

const sessionEnded = { status: 401, body: { code: 'unauthorized', error: SESSION_ENDED } };
/** The account a token is for: its subject, the key of the account's own records. */
const accountOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
const cartOf = async (token: string) => redis().hlen(keys.cart(accountOf(token)));
const scoresOf = async (token: string) => redis().hgetall(keys.scores(accountOf(token)));
const pickles = (username: string) => ({ item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1, username });

/** The earlier token is refused by a read and by a write, and the write left nothing. */
async function expectEnded(username: string, token: string) {
  expect(await call(account, { method: 'GET', token })).toMatchObject(sessionEnded);
  expect(await call(getCartItems, { token, body: { username } })).toMatchObject(sessionEnded);
  expect(await call(allScores, { token, body: { userName: username } })).toMatchObject(sessionEnded);
  const cartBefore = await cartOf(token);
  expect(await call(createCartItem, { token, body: pickles(username) })).toMatchObject(sessionEnded);
  expect(await cartOf(token)).toBe(cartBefore);
  const scoresBefore = await scoresOf(token);
  expect(await call(wordGame, { token, body: { userName: username, roundScore: 2 } })).toMatchObject(sessionEnded);
  expect(await scoresOf(token)).toEqual(scoresBefore);
}

describe('ending sessions', () => {
  it('keeps a current session working, on reads and writes', async () => {
    const { username, token } = await registered();
    expect((await call(account, { method: 'GET', token })).status).toBe(200);
    expect((await call(createCartItem, { token, body: pickles(username) })).status).toBe(200);
    expect(await cartOf(token)).toBe(1);
    // A second login is a second device: both sessions last until one of them is ended.
    const other = await loggedIn(username);
    expect((await call(account, { method: 'GET', token: other })).status).toBe(200);
    expect((await call(account, { method: 'GET', token })).status).toBe(200);
  });

  it('a clearance change ends the earlier tokens; the next login carries the new clearance', async () => {
    const { username, token } = await registered();
    await setClearance(username, 2);
    await expectEnded(username, token);
    // The old token's clearance 1 is gone; so is a promoted member's old token in the forum.
    const member = await loggedIn(username);
    expect((await call(getMessages, { method: 'GET', token: member })).status).toBe(200);
    await setClearance(username, 1);
    expect(await call(getMessages, { method: 'GET', token: member })).toMatchObject(sessionEnded);
    expect(await call(createMessage, { token: member, body: { username, text: 'After my demotion.' } })).toMatchObject(
      sessionEnded,
    );
    const fresh = await loggedIn(username);
    expect((await call(account, { method: 'GET', token: fresh })).body).toMatchObject({ user: { clearance: 1 } });
  });

  it('a deletion ends the earlier tokens, and registering the name again does not bring them back', async () => {
    const { username, token } = await registered();
    await call(createCartItem, { token, body: pickles(username) });
    await deleteUser(username);
    await expectEnded(username, token);
    const again = await registered(username);
    await expectEnded(username, token);
    expect(await cartOf(again.token)).toBe(0);
    expect((await call(account, { method: 'GET', token: again.token })).status).toBe(200);
  });

  it('a password change ends the earlier tokens; the new password logs in', async () => {
    const { username, token } = await registered();
    await setPassword(username, 'another-long-password');
    await expectEnded(username, token);
    expect((await call(login, { body: { username, password } })).status).toBe(401);
    const fresh = await loggedIn(username, 'another-long-password');
    expect((await call(account, { method: 'GET', token: fresh })).status).toBe(200);
  });

  it('log out everywhere ends every session of the account, the calling one included', async () => {
    const { username, token } = await registered();
    const other = await loggedIn(username);
    expect(await call(logoutEverywhere, { token })).toMatchObject({ status: 200, body: { status: 'Success' } });
    await expectEnded(username, token);
    await expectEnded(username, other);
    // Ending it again with an ended token is refused too, and other accounts are untouched.
    expect(await call(logoutEverywhere, { token })).toMatchObject(sessionEnded);
    const bystander = await registered();
    expect((await call(account, { method: 'GET', token: bystander.token })).status).toBe(200);
  });

  it('refuses a token signed before sessions could be ended (no session id) with 401', async () => {
    const { token } = await registered();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    delete claims.sid;
    const withoutSid = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await call(account, { method: 'GET', token: withoutSid })).status).toBe(401);
  });
});

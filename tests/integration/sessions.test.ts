// Sessions that can be ended (issue 17, item 3): a clearance change, a deletion (and the name
// registered again), a password change and "log out everywhere" end every earlier token at once,
// on every signed-in endpoint, and a refused request writes nothing. The file has a store of its
// own: its console calls would drop what other suites vote on if a refusal ever failed.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import logoutEverywhere from '../../netlify/functions/account-logout-everywhere.mts';
import createCartItem from '../../netlify/functions/dhh-create-cart-item.mts';
import getCartItems from '../../netlify/functions/dhh-get-cart-items.mts';
import login from '../../netlify/functions/login.mts';
import createMessage from '../../netlify/functions/messages-create-message.mts';
import getMessages from '../../netlify/functions/messages-get-messages.mts';
import register from '../../netlify/functions/register.mts';
import allScores from '../../netlify/functions/scoring-all-scores.mts';
import wordGame from '../../netlify/functions/scoring-wordgame.mts';
import { DATE_POLL } from '../../src/content/polls.ts';
import { deleteUser, setClearance, setPassword } from '../../src/features/auth/service.server.ts';
import { configuredItems } from '../../src/features/scheduling/polls.ts';
import { newPollForm } from './fakes.ts';
import { keys, usernameKey } from '../../src/server/keys.ts';
import { redis } from '../../src/server/redis.ts';
import { SESSION_ENDED } from '../../src/server/session.ts';
import { seedSchedulingPolls } from '../../tools/demo-data/seed.ts';
import { createGuests } from '../../src/features/wedding/service.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { FUNCTIONS, type Handler, useOwnStore } from './functions.ts';
import { call, uniqueName } from './request.ts';

const password = 'a-long-password';

useOwnStore(async () => {
  await seedSchedulingPolls();
  await createGuests(OPERATOR);
});
// The chatbot is configured (its session check comes before any model call, so none is made).
isolateEnv(['OPENAI_BASE_URL']);
beforeEach(() => {
  process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1';
});

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
const cartOf = async (username: string) => redis().hlen(keys.cart(usernameKey(username)));
const scoresOf = async (username: string) => redis().hgetall(keys.scores(usernameKey(username)));
const pickles = (username: string) => ({ item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1, username });

/** The earlier token is refused by a read and by a write, and the write left nothing. */
async function expectEnded(username: string, token: string) {
  expect(await call(account, { method: 'GET', token })).toMatchObject(sessionEnded);
  expect(await call(getCartItems, { token, body: { username } })).toMatchObject(sessionEnded);
  expect(await call(allScores, { token, body: { userName: username } })).toMatchObject(sessionEnded);
  const cartBefore = await cartOf(username);
  expect(await call(createCartItem, { token, body: pickles(username) })).toMatchObject(sessionEnded);
  expect(await cartOf(username)).toBe(cartBefore);
  const scoresBefore = await scoresOf(username);
  expect(await call(wordGame, { token, body: { userName: username, roundScore: 2 } })).toMatchObject(sessionEnded);
  expect(await scoresOf(username)).toEqual(scoresBefore);
}

describe('ending sessions', () => {
  it('keeps a current session working, on reads and writes', async () => {
    const { username, token } = await registered();
    expect((await call(account, { method: 'GET', token })).status).toBe(200);
    expect((await call(createCartItem, { token, body: pickles(username) })).status).toBe(200);
    expect(await cartOf(username)).toBe(1);
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
    expect(await cartOf(username)).toBe(0);
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

// Every function that reads a token, with a request it would otherwise accept: an ended session is
// refused by each of them. A new signed-in function must be added here (the first test says so).
const item = () => configuredItems()[0]!._id;
const date = `${DATE_POLL.dates[0].date}_DATE`;
const SIGNED_IN: Record<string, { clearance: number; method?: string; path?: string; body?: (u: string) => unknown }> =
  {
    account: { clearance: 1, method: 'GET' },
    'ask-ai': { clearance: 1, body: () => ({ userQuestion: 'Hello?', userSystemChoice: '' }) },
    'ask-ai-quota': { clearance: 1, method: 'GET' },
    'account-logout-everywhere': { clearance: 1 },
    'dhh-clear-cart': { clearance: 1, body: (username) => ({ username }) },
    'dhh-create-cart-item': { clearance: 1, body: pickles },
    'dhh-delete-item': { clearance: 1, body: (username) => ({ ownerId: username, itemId: crypto.randomUUID() }) },
    'dhh-get-cart-items': { clearance: 1, body: (username) => ({ username }) },
    'dhh-orders': { clearance: 1, method: 'GET', path: '/api/dhh/orders' },
    'dhh-update-item-quantity': { clearance: 1, body: () => ({ itemId: crypto.randomUUID(), quantity: 2 }) },
    'dhh-submit-order': {
      clearance: 1,
      body: (username) => ({ username, email: 'a@example.com', orderList: [{ _id: crypto.randomUUID() }] }),
    },
    'messages-create-message': { clearance: 2, body: (username) => ({ username, text: 'Hello.' }) },
    'messages-delete': { clearance: 2, method: 'DELETE', path: `/api/messages/delete/${crypto.randomUUID()}` },
    'messages-get-messages': { clearance: 2, method: 'GET' },
    'messages-edit': {
      clearance: 2,
      path: `/api/messages/edit/${crypto.randomUUID()}`,
      body: () => ({ text: 'Edited.' }),
    },
    'messages-version': { clearance: 2, method: 'GET' },
    'poll-create-vote': { clearance: 1, body: () => ({ question: 0, vote: ['1'] }) },
    'scheduling-add-choice': {
      clearance: 1,
      body: (username) => ({ pollId: 'defense', scheduleItemId: item(), username }),
    },
    'scheduling-remove-choice': {
      clearance: 1,
      body: (username) => ({ pollId: 'defense', scheduleItemId: item(), username }),
    },
    'scheduling-add-date-choice': { clearance: 1, body: (username) => ({ pollId: DATE_POLL.id, date, username }) },
    'scheduling-remove-date-choice': { clearance: 1, body: (username) => ({ pollId: DATE_POLL.id, date, username }) },
    'scheduling-create-schedule-items': { clearance: 3 },
    'scheduling-create-schedule-polls': { clearance: 3 },
    'scheduling-create-schedule-date-items': { clearance: 3 },
    'scheduling-drop-schedule-items': { clearance: 3 },
    'scheduling-drop-schedule-polls': { clearance: 3 },
    'scheduling-drop-schedule-date-items': { clearance: 3 },
    'scheduling-create-poll': { clearance: 3, body: () => newPollForm() },
    'scheduling-polls': { clearance: 3, method: 'GET' },
    'scheduling-finalise-poll': { clearance: 3, body: () => ({ pollId: 'zzzzzzzzzzzz', optionId: 'd-20990101' }) },
    'scheduling-reopen-poll': { clearance: 3, body: () => ({ pollId: 'zzzzzzzzzzzz' }) },
    'scheduling-delete-poll': { clearance: 3, body: () => ({ pollId: 'zzzzzzzzzzzz' }) },
    'scoring-all-scores': { clearance: 1, body: (username) => ({ userName: username }) },
    'scoring-wordgame': { clearance: 1, body: (username) => ({ userName: username, roundScore: 3 }) },
    'wedding-add-new-guests': { clearance: 3 },
    'wedding-create-guests': { clearance: 3 },
    'wedding-drop-guests': { clearance: 3 },
    'wedding-get-all-guests': { clearance: 3, method: 'GET' },
  };

describe('every signed-in function', () => {
  it('is listed here: each function that reads a token', () => {
    const readsToken = readdirSync(FUNCTIONS)
      .filter((file) => file.endsWith('.mts'))
      .map((file) => file.replace(/\.mts$/, ''))
      .filter((name) =>
        /requireUser|requirePermission|optionalUser|changeChoiceEndpoint|[aA]dminEndpoint/.test(
          readFileSync(join(FUNCTIONS, `${name}.mts`), 'utf8'),
        ),
      );
    expect(Object.keys(SIGNED_IN).sort()).toEqual(readsToken.sort());
  });

  it.each(Object.entries(SIGNED_IN))('%s refuses an ended session and changes nothing', async (name, request) => {
    const handler = ((await import(join(FUNCTIONS, `${name}.mts`))) as { default: Handler }).default;
    const username = uniqueName('ended');
    const { token } = await registered(username);
    if (request.clearance !== 1) await setClearance(username, request.clearance);
    const token2 = request.clearance === 1 ? token : await loggedIn(username);
    // The session ends (another device logged out everywhere); the store is compared before and after.
    expect((await call(logoutEverywhere, { token: token2 })).status).toBe(200);
    const before = await snapshot();
    const result = await call(handler, {
      method: request.method ?? 'POST',
      token: token2,
      path: request.path ?? '/api/test',
      body: request.body?.(username),
    });
    expect(result).toMatchObject(sessionEnded);
    expect(await snapshot()).toEqual(before);
  });
});

/** Every key of the store with its contents, rate-limit counters aside. */
async function snapshot(): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  let cursor = '0';
  const names: string[] = [];
  do {
    const [next, batch] = await redis().scan(cursor, { count: 1000 });
    cursor = String(next);
    names.push(...batch.filter((name) => !name.includes(':rate:')));
  } while (cursor !== '0');
  for (const name of names.sort()) {
    const type = await redis().type(name);
    found[name] =
      type === 'hash'
        ? await redis().hgetall(name)
        : type === 'zset'
          ? await redis().zrange(name, 0, -1)
          : type === 'set'
            ? (await redis().smembers(name)).sort()
            : await redis().get(name);
  }
  return found;
}

// Asking to join the forum against the local store: who may ask, list and decide; one waiting
// request per account, the owner's list capped (and no address filling it), the wait after a
// decline; an approval raises the account to clearance 2 and keeps its session, whose next read
// brings a fresh token with the forum; a demotion still ends every session; a decline is recorded;
// a notice dismissed. The file has a store of its own: it fills the owner's list.
import { describe, expect, it } from 'vitest';
import account from '../../netlify/functions/auth-account.mts';
import askToJoin from '../../netlify/functions/forum-ask-to-join.mts';
import ownRequest from '../../netlify/functions/forum-join-request.mts';
import dismiss from '../../netlify/functions/forum-join-request-dismiss.mts';
import listRequests from '../../netlify/functions/forum-join-requests.mts';
import decide from '../../netlify/functions/forum-join-requests-decide.mts';
import getMessages from '../../netlify/functions/forum-get-messages.mts';
import { createAccount, deleteUser, setClearance } from '../../src/features/auth/service.server.ts';
import {
  ASK_AGAIN_AFTER_DAYS,
  JOIN_REQUESTS_WAITING_PER_ADDRESS,
  JOIN_REQUEST_KEPT_DAYS,
  MAX_JOIN_NOTE_LENGTH,
  MAX_PENDING_JOIN_REQUESTS,
  type OwnJoinRequest,
  type PendingJoinRequest,
} from '../../src/features/forum/schema.ts';
import { forumKeys } from '../../src/features/forum/keys.server.ts';
import { keys, usernameKey } from '../../src/server/keys.ts';
import { redis } from '../../src/server/redis.ts';
import { SESSION_ENDED } from '../../src/server/session.ts';
import { features } from '../site-config.ts';
import { accountKeyFor, tokenFor } from './fakes.ts';
import { useOwnStore } from './functions.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName } from './request.ts';

useOwnStore();

const password = 'a-long-password';
const DAY_MS = 24 * 3600 * 1000;

/** An account of the clearance (made without a password, so no hashing), with a token for its session. */
async function visitor(clearance = 1, prefix = 'joiner') {
  const username = uniqueName(prefix);
  const token = await tokenFor(username, clearance);
  const address = newAddress();
  return {
    username,
    token,
    address,
    ask: (note?: string, from = address) =>
      call(askToJoin, { token, address: from, body: note === undefined ? {} : { note } }),
    own: async (with_ = token) =>
      (await call(ownRequest, { method: 'GET', token: with_ })).body as {
        request: OwnJoinRequest | null;
        token?: string;
      },
    dismiss: () => call(dismiss, { token }),
  };
}

async function owner() {
  const { token } = await visitor(3, 'owner');
  return {
    token,
    list: async () => {
      const result = await call(listRequests, { method: 'GET', token });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body.requests as PendingJoinRequest[];
    },
    decide: (id: string, decision: string) => call(decide, { token, body: { id, decision } }),
  };
}

/** The clearance stored in the account's hash, as the store holds it. */
const clearanceOf = async (username: string) =>
  String(await redis().hget<string | number>(keys.user(usernameKey(username)), 'clearance'));

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { clearance?: number; sid: string };

describe.skipIf(!features.forum)('asking to join the forum', () => {
  it('lets a clearance-1 visitor ask once, with a note; the owner lists it', async () => {
    const jo = await visitor();
    expect((await jo.own()).request).toBeNull();
    const asked = await jo.ask('  I play in the league.  ');
    expect(asked).toMatchObject({
      status: 200,
      body: {
        status: 'Success',
        request: { status: 'pending', note: 'I play in the league.', askedAt: expect.any(String) },
      },
    });
    const { request } = (await jo.own())!;
    expect(request).toEqual((asked.body as { request: OwnJoinRequest }).request);
    expect((await jo.own()).token).toBeUndefined();

    expect(await jo.ask('Again')).toMatchObject({
      status: 409,
      body: { reason: 'already-waiting', error: 'Your request is already waiting for the owner.' },
    });
    const boss = await owner();
    const listed = (await boss.list()).filter((entry) => entry.username === jo.username);
    expect(listed).toEqual([
      { id: request!.id, username: jo.username, note: 'I play in the league.', askedAt: request!.askedAt },
    ]);
  });

  it('keeps one waiting request per account however many asks arrive at once', async () => {
    const jo = await visitor();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => jo.ask(`Ask ${i}`)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(7);
    const boss = await owner();
    expect((await boss.list()).filter((entry) => entry.username === jo.username)).toHaveLength(1);
  });

  it('tells a member they are in already, and asks nothing of the owner', async () => {
    const member = await visitor(2);
    expect(await member.ask()).toMatchObject({ status: 409, body: { reason: 'already-member' } });
    expect((await (await owner()).list()).some((entry) => entry.username === member.username)).toBe(false);
  });

  it.each([
    [{ note: 'x'.repeat(MAX_JOIN_NOTE_LENGTH + 1) }, `The note can be at most ${MAX_JOIN_NOTE_LENGTH} characters.`],
    [{ note: 'line one\nline two' }, 'The note must be one line of plain text.'],
    [{ note: 'bidi \u202Etxet' }, 'The note must be one line of plain text.'],
    [{ note: 42 }, undefined],
    [{ note: ['a'] }, undefined],
  ])('refuses the body %j with 400, asking nothing', async (body, error) => {
    const jo = await visitor();
    const result = await call(askToJoin, { token: jo.token, body });
    expect(result.status).toBe(400);
    if (error) expect(result.body.error).toBe(error);
    expect((await jo.own()).request).toBeNull();
  });

  it('refuses every call without a token (401), and the owner’s two below clearance 3 (403)', async () => {
    for (const [handler, method] of [
      [askToJoin, 'POST'],
      [ownRequest, 'GET'],
      [dismiss, 'POST'],
      [listRequests, 'GET'],
      [decide, 'POST'],
    ] as const) {
      const body = handler === decide ? { id: 'x', decision: 'approve' } : method === 'POST' ? {} : undefined;
      expect((await call(handler, { method, body })).status).toBe(401);
    }
    for (const clearance of [1, 2]) {
      const { token } = await visitor(clearance);
      expect((await call(listRequests, { method: 'GET', token })).status).toBe(403);
      expect((await call(decide, { token, body: { id: 'x', decision: 'approve' } })).status).toBe(403);
    }
  });

  it('approves: clearance 2, the session kept, and the next read brings a token with the forum', async () => {
    const jo = await visitor();
    await jo.ask('Let me in');
    const boss = await owner();
    const id = (await jo.own()).request!.id;
    expect(await boss.decide(id, 'approve')).toMatchObject({
      status: 200,
      body: { status: 'Success', decision: 'approve', username: jo.username },
    });
    expect(await clearanceOf(jo.username)).toBe('2');
    expect((await boss.list()).some((entry) => entry.id === id)).toBe(false);

    // The old token still works (the session was kept) but carries clearance 1: the forum refuses it.
    expect((await call(getMessages, { method: 'GET', token: jo.token })).status).toBe(403);
    const read = await call(account, { method: 'GET', token: jo.token });
    expect(read).toMatchObject({ status: 200, body: { user: { clearance: 2 }, token: expect.any(String) } });
    const fresh = String(read.body.token);
    expect(claimsOf(fresh)).toMatchObject({ clearance: 2, sid: claimsOf(jo.token).sid });
    expect((await call(getMessages, { method: 'GET', token: fresh })).status).toBe(200);
    // The fresh token's own reads bring no other.
    expect((await call(account, { method: 'GET', token: fresh })).body.token).toBeUndefined();

    // The visitor's own read says so, and brings the token too.
    const own = await jo.own();
    expect(own.request).toMatchObject({ id, status: 'approved', decidedAt: expect.any(String) });
    expect(claimsOf(own.token!)).toMatchObject({ clearance: 2 });
    expect((await jo.own(fresh)).token).toBeUndefined();

    // Deciding it again finds nothing waiting.
    expect(await boss.decide(id, 'decline')).toMatchObject({ status: 404 });
    expect(await clearanceOf(jo.username)).toBe('2');
  });

  it('still ends every session on a demotion, the promoted token included', async () => {
    const jo = await visitor();
    await jo.ask();
    await (await owner()).decide((await jo.own()).request!.id, 'approve');
    const fresh = String((await call(account, { method: 'GET', token: jo.token })).body.token);
    expect((await call(getMessages, { method: 'GET', token: fresh })).status).toBe(200);
    await setClearance(jo.username, 1);
    const ended = { status: 401, body: { error: SESSION_ENDED } };
    expect(await call(getMessages, { method: 'GET', token: fresh })).toMatchObject(ended);
    expect(await call(account, { method: 'GET', token: fresh })).toMatchObject(ended);
    expect(await call(account, { method: 'GET', token: jo.token })).toMatchObject(ended);
  });

  it('never lowers a clearance above the forum’s, and refuses to approve an account deleted meanwhile', async () => {
    const jo = await visitor();
    await jo.ask();
    const id = (await jo.own()).request!.id;
    // Made an admin by the CLI while the request waited.
    await redis().hset(keys.user(usernameKey(jo.username)), { clearance: '3' });
    const boss = await owner();
    expect((await boss.decide(id, 'approve')).status).toBe(200);
    expect(await clearanceOf(jo.username)).toBe('3');

    const gone = await visitor();
    await gone.ask();
    const goneId = (await gone.own()).request!.id;
    await deleteUser(gone.username);
    expect(await boss.decide(goneId, 'approve')).toMatchObject({
      status: 404,
      body: { error: `The account ${gone.username} no longer exists.` },
    });
    // The name registered again is another account: the old request does not make it a member.
    await createAccount({ username: gone.username, password, firstName: '', lastName: '', email: '' }, 1);
    expect(await clearanceOf(gone.username)).toBe('1');
  });

  it(`declines: recorded, told to the visitor, who may ask again only after ${ASK_AGAIN_AFTER_DAYS} days`, async () => {
    const jo = await visitor();
    await jo.ask();
    const id = (await jo.own()).request!.id;
    const boss = await owner();
    expect(await boss.decide(id, 'decline')).toMatchObject({ status: 200, body: { decision: 'decline' } });
    expect(await clearanceOf(jo.username)).toBe('1');
    const { request, token } = await jo.own();
    expect(token).toBeUndefined();
    expect(request).toMatchObject({ id, status: 'declined', decidedAt: expect.any(String) });
    expect(Date.parse(request!.askAgainFrom!) - Date.parse(request!.decidedAt!)).toBe(ASK_AGAIN_AFTER_DAYS * DAY_MS);
    expect(await jo.ask('Please?')).toMatchObject({ status: 409, body: { reason: 'too-soon' } });

    // Eight days on (as the stored decision says), they may.
    const key = forumKeys.joinRequest(await accountKeyFor(jo.username));
    const stored = JSON.parse((await redis().get<string>(key)) ?? 'null') as Record<string, unknown>;
    const decidedAt = new Date(Date.now() - (ASK_AGAIN_AFTER_DAYS + 1) * DAY_MS).toISOString();
    await redis().set(key, JSON.stringify({ ...stored, decidedAt }), { ex: 3600 });
    expect(await jo.ask('A week later')).toMatchObject({ status: 200, body: { request: { status: 'pending' } } });
  });

  it('dismisses a decided request’s notice, keeping its expiry; a waiting one is left alone', async () => {
    const jo = await visitor();
    await jo.ask();
    expect((await jo.dismiss()).status).toBe(200);
    expect((await jo.own()).request?.dismissed).toBeUndefined();
    await (await owner()).decide((await jo.own()).request!.id, 'decline');
    expect((await jo.dismiss()).status).toBe(200);
    expect((await jo.own()).request).toMatchObject({ status: 'declined', dismissed: true });
    const ttl = await redis().ttl(forumKeys.joinRequest(await accountKeyFor(jo.username)));
    expect(ttl).toBeGreaterThan(JOIN_REQUEST_KEPT_DAYS * 24 * 3600 - 60);
  });

  it(`lets one address have ${JOIN_REQUESTS_WAITING_PER_ADDRESS} waiting, whatever the accounts, until the owner answers`, async () => {
    const address = newAddress();
    const visitors = await Promise.all(Array.from({ length: JOIN_REQUESTS_WAITING_PER_ADDRESS + 1 }, () => visitor()));
    const results = [];
    for (const one of visitors) results.push(await one.ask(undefined, address));
    expect(results.slice(0, -1).every((result) => result.status === 200)).toBe(true);
    expect(results.at(-1)).toMatchObject({ status: 409, body: { reason: 'address-full' } });
    expect((await visitors.at(-1)!.own()).request).toBeNull();
    // Another address is not held back by it.
    expect((await visitors.at(-1)!.ask(undefined, newAddress())).status).toBe(200);
    // The owner's answer frees the address's share; the list never shows the address.
    const boss = await owner();
    const listed = await boss.list();
    expect(JSON.stringify(listed)).not.toContain(address);
    const first = listed.find(({ username }) => username === visitors[0]!.username)!;
    expect((await boss.decide(first.id, 'decline')).status).toBe(200);
    const next = await visitor();
    expect((await next.ask(undefined, address)).status).toBe(200);
  });

  it(`holds at most ${MAX_PENDING_JOIN_REQUESTS} waiting, under parallel asks, dropping the lapsed`, async () => {
    const boss = await owner();
    const waiting = (await boss.list()).length;
    const room = 2;
    // The list is filled up to two short of its cap (as the script stores entries), plus a lapsed one.
    const now = new Date().toISOString();
    const fill: Record<string, string> = {};
    for (let i = 0; i < MAX_PENDING_JOIN_REQUESTS - waiting - room; i++) {
      fill[`fill-${i}`] = JSON.stringify({ accountKey: `fill-${i}#1`, username: `fill_${i}`, note: '', askedAt: now });
    }
    const lapsed = new Date(Date.now() - (JOIN_REQUEST_KEPT_DAYS + 1) * DAY_MS).toISOString();
    fill.lapsed = JSON.stringify({ accountKey: 'lapsed#1', username: 'lapsed', note: '', askedAt: lapsed });
    await redis().hset(forumKeys.joinPending(), fill);
    expect((await boss.list()).some((entry) => entry.id === 'lapsed')).toBe(false);

    const visitors = await Promise.all(Array.from({ length: 6 }, () => visitor()));
    const results = await Promise.all(visitors.map((one) => one.ask()));
    expect(results.filter((result) => result.status === 200)).toHaveLength(room);
    for (const refused of results.filter((result) => result.status !== 200)) {
      expect(refused).toMatchObject({ status: 409, body: { reason: 'list-full' } });
    }
    expect(await redis().hlen(forumKeys.joinPending())).toBe(MAX_PENDING_JOIN_REQUESTS);
    expect(await redis().hexists(forumKeys.joinPending(), 'lapsed')).toBe(0);
    await redis().hdel(forumKeys.joinPending(), ...Object.keys(fill));
  });

  it('refuses a decision on an unknown request (404) and bad decisions (400)', async () => {
    const boss = await owner();
    expect(await boss.decide('no-such-request', 'approve')).toMatchObject({ status: 404 });
    for (const body of [
      { id: 'x', decision: 'maybe' },
      { id: '../x', decision: 'approve' },
      { decision: 'approve' },
      {},
    ]) {
      expect((await call(decide, { token: boss.token, body })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('costs one round trip to ask, read and dismiss, one to list and two to decide', async () => {
    const jo = await visitor();
    expect(await countStoreRoundTrips(() => jo.ask())).toBe(1);
    expect(await countStoreRoundTrips(() => jo.own())).toBe(1);
    const boss = await owner();
    expect(await countStoreRoundTrips(() => boss.list())).toBe(1);
    const id = (await jo.own()).request!.id;
    expect(await countStoreRoundTrips(() => boss.decide(id, 'approve'))).toBe(2);
    expect(await countStoreRoundTrips(() => jo.dismiss())).toBe(1);
    expect(await countStoreRoundTrips(() => call(account, { method: 'GET', token: jo.token }))).toBe(1);
  });
});

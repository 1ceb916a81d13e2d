// Every endpoint against generated bad requests: wrong methods, no body,
// invalid JSON, wrong types, missing and extra fields, huge strings, deep nesting, __proto__ keys,
// control characters and emoji, with no token, a tampered, expired or alg:none token, or a valid
// one of low clearance. Every refusal is a 4xx JSON error with a message, never a 5xx, and a
// refused request changes nothing in the store but its rate-limit counters.
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStoreServer } from '../../tools/local-store/server.ts';
import { startLocalStore } from '../../tools/local-store/start.ts';
import { WEDDING } from '../../src/content/wedding.ts';
import { WEDDING_GUESTS, type Guest } from '../../src/content/wedding-guests.ts';
import { linkToken } from '../../src/features/wedding/links.server.ts';
import { guestKey } from '../../src/features/wedding/logic.ts';
import { MAX_DIETARY_LENGTH } from '../../src/features/wedding/rsvp/logic.ts';
import { createGuests } from '../../src/features/wedding/service.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { seedDemoAccounts, seedSchedulingPolls } from '../../tools/demo-data/seed.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../tools/fake-openai/server.ts';
import { signUserToken } from '../../src/server/token.ts';
import { weddingKeys } from '../../src/features/wedding/keys.server.ts';
import { redis } from '../../src/server/redis.ts';
import { sessionIdOf, tokenFor } from './fakes.ts';
import { type Endpoint, FUNCTIONS, loadEndpoints, platformFunctions, storeContents } from './functions.ts';
import { newAddress } from './request.ts';

const RUNS_PER_ENDPOINT = Number(process.env.HOSTILE_RUNS ?? 40);

/** Every function with its route and the one method it answers (its 405 names it in Allow). */

// ----- The store, private to this file, so a digest shows exactly what a request changed -----

let store: LocalStoreServer;
const saved = { url: process.env.UPSTASH_REDIS_REST_URL, token: process.env.UPSTASH_REDIS_REST_TOKEN };

// ----- Generated requests -----

const FIELDS = [
  'username',
  'password',
  'firstName',
  'lastName',
  'email',
  'recaptchaToken',
  'userName',
  'roundScore',
  'senderEmail',
  'emailSubject',
  'emailText',
  'item',
  'type',
  'size',
  'quantity',
  'ownerId',
  'itemId',
  'orderList',
  'userQuestion',
  'userSystemChoice',
  'question',
  'name',
  'vote',
  'closed',
  'text',
  'scheduleItemId',
  'pollId',
  'date',
  'claimSecret',
  'before',
  'token',
  'one',
  'two',
  'wedding',
  'food',
  'rehearsal',
  'dietary',
  'asOf',
  'replyTo',
  'reaction',
  'on',
  'note',
  'id',
  'decision',
  '__proto__',
  'constructor',
  'prototype',
];

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31mred',
  '💥🎉👩‍👩‍👧',
  'anon_',
  'anon_\u0000',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '../../etc/passwd',
  '%00',
  'x'.repeat(5000),
);

const leaf = fc.oneof(
  nasty,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(-1, 0, 1, 2, 3, 7, 21, 1e308, -0),
  // Values some endpoints take (a reaction, a decision), so requests reach past the schema.
  fc.constantFrom('thumbs-up', 'heart', 'approve', 'decline'),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('any'), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('any'), { maxKeys: 3 }),
  ),
})).any;

/** A JSON object written by hand, so keys like __proto__ reach the server as own keys. */
const hostileObject = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), value), { maxLength: 8 })
  .map((pairs) => `{${pairs.map(([key, entry]) => `${JSON.stringify(key)}:${JSON.stringify(entry)}`).join(',')}}`);

const body = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('', 'not json', '{"a":', '[1,2', 'null', '"text"', '42', 'true', '{}', '[]'),
  fc.jsonValue({ maxDepth: 3 }).map((json) => JSON.stringify(json)),
  hostileObject,
  hostileObject,
  hostileObject,
  fc.constant(`${'['.repeat(3000)}${']'.repeat(3000)}`),
  fc.constant(JSON.stringify({ username: 'x'.repeat(70 * 1024) })),
);

type TokenKind = 'none' | 'tampered' | 'expired' | 'alg-none' | 'garbage' | 'clearance-1' | 'clearance-3';
const tokenKind = fc.constantFrom<TokenKind>(
  'none',
  'tampered',
  'expired',
  'alg-none',
  'garbage',
  'clearance-1',
  'clearance-1',
  'clearance-3',
);

const tokens = {} as Record<TokenKind, string | undefined>;

async function makeTokens(): Promise<void> {
  const valid = await tokenFor('hostile_member', 1);
  const [header, payload, signature] = valid.split('.') as [string, string, string];
  const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  const adminPayload = (await tokenFor('hostile_admin', 3)).split('.')[1]!;
  Object.assign(tokens, {
    none: undefined,
    tampered: `${header}.${adminPayload}.${signature}`,
    expired: await signUserToken(
      'hostile_member',
      { username: 'hostile_member', firstName: '', lastName: '', email: '', clearance: 3 },
      await sessionIdOf('hostile_member', 1),
      Date.now() - 30 * 24 * 3600 * 1000,
    ),
    'alg-none': `${noneHeader}.${adminPayload}.`,
    garbage: 'Bearer-ish nonsense',
    'clearance-1': `${header}.${payload}.${signature}`,
    'clearance-3': await tokenFor('hostile_admin', 3),
  });
}

/**
 * A query parameter's value: hostile text, a number of any size and sign, or a cursor of the order
 * history (GET /api/dhh/orders?before=) well formed but foreign.
 */
const queryValue = fc.oneof(
  nasty,
  fc.constantFrom('-1', '0', '1', '50', '201', '1e3', '9'.repeat(30), '0x10', ' 5'),
  fc.constantFrom('0:00000000-0000-0000-0000-000000000000', '99999999999999:ffffffff-ffff-ffff-ffff-ffffffffffff'),
);

/** The route with its `:params` replaced, plus a query string with the parameters the endpoints read. */
const routePath = (path: string) =>
  fc
    .tuple(
      fc.oneof(nasty, fc.string({ maxLength: 20 }), fc.constantFrom('defense', 'drexolljozwiakpoolpoll', '1')),
      nasty,
      fc.option(queryValue),
      fc.option(queryValue),
    )
    .map(([param, username, before, limit]) => {
      const query = new URLSearchParams({ username });
      if (before !== null) query.set('before', before);
      if (limit !== null) query.set('limit', limit);
      return `${path.replace(/:\w+/g, encodeURIComponent(param))}?${query}`;
    });

function build(endpoint: Endpoint, method: string, text: string | undefined, kind: TokenKind, path: string): Request {
  const headers: Record<string, string> = { 'x-nf-client-connection-ip': newAddress() };
  const token = tokens[kind];
  if (token) headers.Authorization = `Bearer ${token}`;
  if (text !== undefined) headers['Content-Type'] = 'application/json';
  const hasBody = text !== undefined && method !== 'GET' && method !== 'HEAD';
  return new Request(`http://localhost${path}`, { method, headers, body: hasBody ? text : undefined });
}

// Imported while the file is collected: loading every function is no part of a hook's time.
const endpoints = await loadEndpoints();

describe('hostile input', () => {
  let model: FakeOpenAi;
  const savedModel = process.env.OPENAI_BASE_URL;

  beforeAll(async () => {
    // The chatbot is configured, as on the deployed site: a generated request that happens to be a
    // valid question ({"userQuestion":"…"}) is answered, not refused with 503 for a missing model.
    model = await startFakeOpenAi();
    process.env.OPENAI_BASE_URL = model.url;
    store = await startLocalStore({});
    process.env.UPSTASH_REDIS_REST_URL = store.url;
    process.env.UPSTASH_REDIS_REST_TOKEN = store.token;
    // The demo data, so requests reach past 'nothing there' into real records.
    await seedDemoAccounts();
    await seedSchedulingPolls();
    await createGuests(OPERATOR);
    await makeTokens();
  });

  afterAll(async () => {
    process.env.UPSTASH_REDIS_REST_URL = saved.url;
    process.env.UPSTASH_REDIS_REST_TOKEN = saved.token;
    if (savedModel === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = savedModel;
    await Promise.all([store.close(), model.close()]);
  });

  it('finds every function and the method it answers', async () => {
    const routeless = (await platformFunctions()).length;
    expect(endpoints.length).toBe(readdirSync(FUNCTIONS).filter((file) => /\.mts$/.test(file)).length - routeless);
    expect(new Set(endpoints.map((endpoint) => endpoint.method))).toEqual(new Set(['GET', 'POST', 'DELETE']));
    expect(await storeContents(store.engine)).toHaveProperty(['site:user:demo_admin']);
    expect(endpoints.find((endpoint) => endpoint.name === 'forum-delete.mts')?.method).toBe('DELETE');
    expect(endpoints.find((endpoint) => endpoint.name === 'auth-login.mts')?.method).toBe('POST');
  });

  it('answers every generated bad request with a 4xx JSON error, and a refusal writes nothing', async () => {
    for (const endpoint of endpoints) {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.constant(endpoint.method), fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE')),
          body,
          tokenKind,
          routePath(endpoint.path),
          async (method, text, kind, path) => {
            const before = await storeContents(store.engine);
            const response = await endpoint.handler(build(endpoint, method, text, kind, path));
            const context = `${endpoint.name} ${method} ${path.slice(0, 80)} token=${kind} body=${String(text).slice(0, 120)}`;
            expect(response.status, context).toBeLessThan(500);
            if (response.status < 400) return;
            expect(response.headers.get('content-type'), context).toMatch(/^application\/json/);
            const answer = (await response.json()) as { error?: unknown };
            expect(typeof answer.error === 'string' && answer.error.length > 0, context).toBe(true);
            expect(await storeContents(store.engine), context).toEqual(before);
          },
        ),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    }
  }, 300_000);

  it("answers an RSVP through a real link with hostile answers: a 4xx that writes nothing, or the answer saved as the form's words", async () => {
    const rsvp = endpoints.find((endpoint) => endpoint.name === 'wedding-rsvp-answer.mts')!;
    const single = WEDDING_GUESTS.find((guest) => guest.numberOfGuests === 1)!;
    const token = linkToken(guestKey(single));
    const choice = fc.oneof(
      nasty,
      fc.constantFrom('yes', 'no', '', 'YES', 'accepted'),
      fc.integer(),
      fc.constant(null),
    );
    const person = {
      wedding: choice,
      food: fc.oneof(nasty, fc.constantFrom(...WEDDING.menu), fc.constant('')),
      rehearsal: choice,
      dietary: fc.oneof(nasty, fc.string({ unit: 'grapheme', maxLength: 250 })),
    };
    const body = fc.record(
      {
        token: fc.oneof(fc.constant(token), fc.constant(token), nasty),
        one: fc.record(person),
        two: fc.record({ ...person, name: fc.oneof(nasty, fc.string()) }),
        email: fc.oneof(nasty, fc.constant('guest@example.com')),
        admin: fc.constant(true),
      },
      { requiredKeys: ['token', 'one'] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (fields) => {
        const before = await storeContents(store.engine);
        const response = await rsvp.handler(
          build(rsvp, 'POST', JSON.stringify(fields), 'none', '/api/wedding/rsvp/answer'),
        );
        const context = JSON.stringify(fields).slice(0, 200);
        expect(response.status, context).toBeLessThan(500);
        expect(response.headers.get('content-type'), context).toMatch(/^application\/json/);
        if (response.status >= 400) {
          expect(await storeContents(store.engine), context).toEqual(before);
          return;
        }
        const stored = JSON.parse((await redis().hget<string>(weddingKeys.guests(), guestKey(single)))!) as Guest;
        expect(['Accepted', 'Declined'], context).toContain(stored.g1WeddingAccepted);
        expect(['Accepted', 'Declined'], context).toContain(stored.g1RehearsalAccepted);
        expect(['', ...WEDDING.menu], context).toContain(stored.g1FoodChoice);
        expect(stored.g1DietaryRestrictions.length, context).toBeLessThanOrEqual(MAX_DIETARY_LENGTH);
        expect(stored.g1FullName, context).toBe(single.g1FullName);
        expect(stored, context).not.toHaveProperty('admin');
      }),
      { numRuns: RUNS_PER_ENDPOINT * 2 },
    );
  }, 120_000);
});

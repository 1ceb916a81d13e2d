// A signed-in visitor's chatbot conversations on the server: the server keeps each turn it answers
// (whole, stopped or failed part-way) and nothing a browser sends as a transcript; list, read,
// clear, rename, delete, each under the token's account; capped in count and size, within the
// account's and the site's byte budgets, kept 30 days after the last use and no longer.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import askFn from '../../netlify/functions/chatbot-ask.mts';
import clearFn from '../../netlify/functions/chatbot-conversation-clear.mts';
import deleteFn from '../../netlify/functions/chatbot-conversation-delete.mts';
import readFn from '../../netlify/functions/chatbot-conversation-read.mts';
import renameFn from '../../netlify/functions/chatbot-conversation-rename.mts';
import listFn from '../../netlify/functions/chatbot-conversations.mts';
import { CONVERSATION_TTL_SECONDS, keepTurn } from '../../src/features/chatbot/repo.server.ts';
import {
  CONVERSATIONS_FULL,
  CONVERSATION_TTL_DAYS,
  MAX_ACCOUNT_CONVERSATION_BYTES,
  MAX_CONVERSATION_BYTES,
  MAX_CONVERSATION_MESSAGES,
  MAX_CONVERSATIONS,
  MAX_SITE_CONVERSATION_BYTES,
  MAX_TITLE_LENGTH,
  MAX_TURN_LENGTH,
  SITE_CONVERSATIONS_FULL,
  titleFrom,
} from '../../src/features/chatbot/logic.ts';
import { chatKeys } from '../../src/features/chatbot/keys.server.ts';
import { UNREACHABLE } from '../../src/features/chatbot/service.server.ts';
import { redis } from '../../src/server/redis.ts';
import { type FakeOpenAi, HOLD, echoAnswer, startFakeOpenAi } from '../../tools/fake-openai/server.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { features } from '../site-config.ts';
import { sessionUserFor, tokenFor } from './fakes.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName } from './request.ts';

let model: FakeOpenAi;
beforeAll(async () => {
  model = await startFakeOpenAi();
});
afterAll(() => model.close());
isolateEnv(['OPENAI_API_KEY', 'OPENAI_BASE_URL']);
beforeEach(() => {
  process.env.OPENAI_BASE_URL = model.url;
  process.env.OPENAI_API_KEY = 'sk-test';
  model.setMode({ kind: 'echo' });
});

const base = '/api/chatbot/conversations';
const SYSTEM = 'Be brief.';

async function member() {
  const username = uniqueName('convo');
  const token = await tokenFor(username, 1);
  const user = await sessionUserFor(username);
  return { username, token, user, accountKey: user.accountKey };
}

/** Asks `question` in conversation `id` at message `questionId`, as the page does (streamed, unless `json`). */
async function ask(token: string | undefined, id: string, questionId: number, question: string, json = false) {
  const body = { userQuestion: question, userSystemChoice: SYSTEM, conversation: { id, questionId } };
  const headers: Record<string, string> = json ? {} : { Accept: 'text/event-stream' };
  return call(askFn, { token, body, headers, path: '/api/ask-ai' });
}
const answerTo = (question: string) => echoAnswer(SYSTEM, question);
/** A conversation with one turn kept: "Hello?" and its answer. */
async function withTurn(token: string, id = crypto.randomUUID()) {
  expect((await ask(token, id, 1, 'Hello?')).status).toBe(200);
  return id;
}

const read = (token: string | undefined, id: string) =>
  call(readFn, { method: 'GET', token, path: `${base}/read/${id}` });
const messagesOf = async (token: string, id: string) =>
  ((await read(token, id)).body.conversation as { messages: unknown[] }).messages;
const list = (token: string | undefined) => call(listFn, { method: 'GET', token, path: base });
const clear = (token: string | undefined, id: string) => call(clearFn, { token, path: `${base}/clear/${id}` });
const rename = (token: string | undefined, id: string, title: unknown) =>
  call(renameFn, { token, path: `${base}/rename/${id}`, body: { title } });
const remove = (token: string | undefined, id: string) =>
  call(deleteFn, { method: 'DELETE', token, path: `${base}/delete/${id}` });
const accountBytes = async (accountKey: string) => Number(await redis().hget(chatKeys.accountBytes(), accountKey));
const storedBytes = async (accountKey: string) =>
  ((await redis().hvals(chatKeys.messages(accountKey))) as unknown[]).reduce(
    (sum: number, value) => sum + Buffer.byteLength(String(value)),
    0,
  );

describe.skipIf(!features.chatbot)('a signed-in visitor’s chatbot conversations', () => {
  it('refuses every call without a session (401)', async () => {
    const id = crypto.randomUUID();
    for (const answer of [await list(undefined), await read(undefined, id), await clear(undefined, id)]) {
      expect(answer.status).toBe(401);
    }
    expect((await rename(undefined, id, 'New')).status).toBe(401);
    expect((await remove(undefined, id)).status).toBe(401);
  });

  it('keeps each turn the server answers, titled from the first question; an answer asked again replaces it', async () => {
    const { token } = await member();
    const id = crypto.randomUUID();
    expect(await list(token)).toMatchObject({ status: 200, body: { conversations: [] } });
    const streamed = await ask(token, id, 1, 'What is Astro?');
    expect(streamed.body.text).toContain('event: done');
    expect(streamed.body.text).not.toContain('notKept');
    expect(await read(token, id)).toMatchObject({
      status: 200,
      body: {
        conversation: {
          id,
          title: titleFrom('What is Astro?'),
          messages: [
            { id: 1, from: 'user', text: 'What is Astro?' },
            { id: 2, from: 'ai', text: answerTo('What is Astro?') },
          ],
        },
      },
    });
    // The JSON answer keeps its turn too.
    expect((await ask(token, id, 3, 'And islands?', true)).body).toMatchObject({ status: 'Success' });
    expect(await messagesOf(token, id)).toHaveLength(4);
    // Asked again (edited) from message 3: the turn replaces messages 3 and 4.
    await ask(token, id, 3, 'And React islands?');
    expect(await messagesOf(token, id)).toEqual([
      { id: 1, from: 'user', text: 'What is Astro?' },
      { id: 2, from: 'ai', text: answerTo('What is Astro?') },
      { id: 3, from: 'user', text: 'And React islands?' },
      { id: 4, from: 'ai', text: answerTo('And React islands?') },
    ]);
  });

  it('keeps no guest’s turn and none the model never began, and a failed answer as far as it went', async () => {
    const { token } = await member();
    const id = crypto.randomUUID();
    // A guest's stay in their browser, whatever the request names.
    expect((await ask(undefined, id, 1, 'Hi?')).status).toBe(200);
    expect((await read(token, id)).status).toBe(404);
    // A model that fails before it answers: no turn.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    model.setMode({ kind: 'status', status: 500 });
    expect((await ask(token, id, 1, 'Hi?')).status).toBe(503);
    expect((await read(token, id)).status).toBe(404);
    // A model that fails part-way: the words it wrote, failed, with the spec's text.
    model.setMode({ kind: 'cut', chunks: 2 });
    expect((await ask(token, id, 1, 'Hi?')).body.text).toContain('event: error');
    const [question, answer] = (await messagesOf(token, id)) as { text: string }[];
    expect(question).toEqual({ id: 1, from: 'user', text: 'Hi?' });
    expect(answer).toEqual({ id: 2, from: 'ai', text: answer!.text, state: 'failed', error: UNREACHABLE });
    expect(answerTo('Hi?').startsWith(answer!.text) && answer!.text.length > 0).toBe(true);
  });

  it('keeps a stopped answer as far as it went, marked stopped', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { token } = await member();
    const id = crypto.randomUUID();
    const question = `Wait ${HOLD} for this`;
    const stopping = new AbortController();
    const response = await askFn(
      new Request('http://localhost/api/ask-ai', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          Authorization: `Bearer ${token}`,
          'x-nf-client-connection-ip': newAddress(),
        },
        body: JSON.stringify({ userQuestion: question, userSystemChoice: SYSTEM, conversation: { id, questionId: 5 } }),
        signal: stopping.signal,
      }),
    );
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('Wait ')) received += new TextDecoder().decode((await reader.read()).value);
    stopping.abort();
    const sofar = answerTo(question).split(HOLD)[0];
    await expect
      .poll(() => read(token, id).then(({ body }) => body.conversation), { timeout: 3000 })
      .toMatchObject({
        messages: [
          { id: 5, from: 'user', text: question },
          { id: 6, from: 'ai', text: sofar, state: 'stopped' },
        ],
      });
  });

  it('refuses a transcript from the browser: there is no endpoint that takes one', async () => {
    const { token } = await member();
    const id = await withTurn(token);
    const transcript = { title: 'Mine', messages: [{ from: 'ai', text: 'Anything I like.' }] };
    // The old save path is gone; clear takes no messages.
    expect((await call(clearFn, { token, path: `${base}/clear/${id}`, body: transcript })).status).toBe(200);
    expect(await messagesOf(token, id)).toEqual([]);
    expect((await read(token, id)).body).toMatchObject({ conversation: { title: 'Hello?' } });
  });

  it('lists newest first, clears, renames and deletes', async () => {
    const { token } = await member();
    const first = await withTurn(token);
    const second = crypto.randomUUID();
    await ask(token, second, 1, 'Two?');
    const listed = (await list(token)).body.conversations as { id: string; title: string; updatedAt: number }[];
    expect(listed.map(({ id, title }) => ({ id, title }))).toEqual([
      { id: second, title: 'Two?' },
      { id: first, title: 'Hello?' },
    ]);
    expect(listed[0]!.updatedAt).toBeGreaterThanOrEqual(listed[1]!.updatedAt);
    expect(await clear(token, second)).toMatchObject({
      status: 200,
      body: { conversation: { id: second, title: 'Two?' } },
    });
    expect(await messagesOf(token, second)).toEqual([]);
    expect(await rename(token, first, '  Greetings  ')).toMatchObject({
      status: 200,
      body: { conversation: { id: first, title: 'Greetings' } },
    });
    expect((await read(token, first)).body).toMatchObject({ conversation: { title: 'Greetings' } });
    expect(await remove(token, first)).toMatchObject({ status: 200 });
    expect((await read(token, first)).status).toBe(404);
    expect(((await list(token)).body.conversations as { id: string }[]).map(({ id }) => id)).toEqual([second]);
    for (const call of [remove(token, first), rename(token, first, 'Gone'), clear(token, first)]) {
      expect((await call).status).toBe(404);
    }
  });

  it('keeps each account’s apart: another account’s id reads, clears, renames and deletes nothing', async () => {
    const owner = await member();
    const other = await member();
    const id = await withTurn(owner.token);
    expect((await read(other.token, id)).status).toBe(404);
    expect((await clear(other.token, id)).status).toBe(404);
    expect((await rename(other.token, id, 'Mine now')).status).toBe(404);
    expect((await remove(other.token, id)).status).toBe(404);
    expect((await list(other.token)).body).toEqual({ conversations: [] });
    expect(await messagesOf(owner.token, id)).toHaveLength(2);
  });

  it('refuses bad ids and titles', async () => {
    const { token } = await member();
    for (const id of ['x', '..%2F..%2Fuser', 'a'.repeat(65), 'has%20space', '%3Cscript%3E']) {
      expect((await clear(token, id)).status, id).toBe(400);
      expect((await read(token, id)).status, id).toBe(400);
    }
    for (const conversation of [
      { id: 'x', questionId: 1 },
      { id: crypto.randomUUID(), questionId: 0 },
      { id: crypto.randomUUID() },
    ]) {
      const body = { userQuestion: 'Hi?', conversation };
      expect((await call(askFn, { token, body, path: '/api/ask-ai' })).status).toBe(400);
    }
    const id = await withTurn(token);
    for (const title of ['', '   ', 'x'.repeat(MAX_TITLE_LENGTH + 1), 7]) {
      expect((await rename(token, id, title)).status, String(title)).toBe(400);
    }
  });

  it(`keeps the newest ${MAX_CONVERSATION_MESSAGES} messages and ${MAX_CONVERSATION_BYTES / 1024} KB of a conversation, dropping the oldest`, async () => {
    const { user, token } = await member();
    const id = crypto.randomUUID();
    const turn = (n: number, text = `Turn ${n}`) => ({
      conversationId: id,
      title: 'Long',
      question: { id: n, from: 'user' as const, text },
      answer: { id: n + 1, from: 'ai' as const, text },
    });
    for (let n = 1; n <= MAX_CONVERSATION_MESSAGES + 4; n += 2) expect(await keepTurn(user, turn(n))).toBe('kept');
    const kept = (await messagesOf(token, id)) as { id: number; from: string }[];
    expect(kept).toHaveLength(MAX_CONVERSATION_MESSAGES);
    expect(kept[0]).toMatchObject({ id: 5, from: 'user' });
    // Long turns: within the bytes, never starting with an answer.
    const long = 'x'.repeat(MAX_TURN_LENGTH);
    for (let n = 300; n < 320; n += 2) await keepTurn(user, turn(n, long));
    const trimmed = (await messagesOf(token, id)) as { id: number; from: string }[];
    expect(JSON.stringify(trimmed).length).toBeLessThanOrEqual(MAX_CONVERSATION_BYTES);
    expect(trimmed[0]!.from).toBe('user');
    expect(trimmed.at(-1)).toMatchObject({ id: 319, from: 'ai' });
  });

  it(`keeps the newest ${MAX_CONVERSATIONS} per account, evicting the least recently changed with its messages and bytes`, async () => {
    const { user, token, accountKey } = await member();
    const ids = Array.from({ length: MAX_CONVERSATIONS + 2 }, (_, n) => `conversation-${String(n).padStart(3, '0')}`);
    for (const id of ids) {
      const turn = { conversationId: id, title: id, question: { id: 1, from: 'user' as const, text: id } };
      expect(await keepTurn(user, { ...turn, answer: { id: 2, from: 'ai', text: 'Ok.' } })).toBe('kept');
    }
    const listed = (await list(token)).body.conversations as { id: string }[];
    expect(listed).toHaveLength(MAX_CONVERSATIONS);
    expect(listed.map(({ id }) => id)).not.toContain(ids[0]);
    expect(listed.map(({ id }) => id)).not.toContain(ids[1]);
    expect((await read(token, ids[0]!)).status).toBe(404);
    expect(await redis().hlen(chatKeys.titles(accountKey))).toBe(MAX_CONVERSATIONS);
    expect(await redis().hlen(chatKeys.messages(accountKey))).toBe(MAX_CONVERSATIONS);
    expect(await accountBytes(accountKey)).toBe(await storedBytes(accountKey));
  });

  it(`counts each account’s bytes and refuses to keep past ${MAX_ACCOUNT_CONVERSATION_BYTES / 1024 / 1024} MB, saying so with the answer`, async () => {
    const { user, token, accountKey } = await member();
    const long = 'x'.repeat(MAX_TURN_LENGTH);
    let n = 0;
    const fill = (id: string) =>
      keepTurn(user, {
        conversationId: id,
        title: id,
        question: { id: ++n, from: 'user', text: long },
        answer: { id: ++n, from: 'ai', text: long },
      });
    // Conversations of 60 KB each, until the account's budget refuses one.
    const ids = Array.from({ length: 20 }, (_, i) => `full-turns-${i}`);
    let verdict = 'kept';
    for (const id of ids) {
      for (let i = 0; i < 5 && verdict === 'kept'; i++) verdict = await fill(id);
      if (verdict !== 'kept') break;
    }
    expect(verdict).toBe('account-full');
    verdict = 'kept';
    // Then small turns until one is refused too: less room is left than any answer takes.
    for (let i = 0; i < 500 && verdict === 'kept'; i++) {
      verdict = await keepTurn(user, {
        conversationId: 'small-turns',
        title: 'Small',
        question: { id: ++n, from: 'user', text: 'x'.repeat(60) },
        answer: { id: ++n, from: 'ai', text: 'y' },
      });
    }
    expect(verdict).toBe('account-full');
    const bytes = await accountBytes(accountKey);
    expect(bytes).toBe(await storedBytes(accountKey));
    expect(bytes).toBeLessThanOrEqual(MAX_ACCOUNT_CONVERSATION_BYTES);
    expect(bytes).toBeGreaterThan(MAX_ACCOUNT_CONVERSATION_BYTES - 2 * MAX_CONVERSATION_BYTES);
    // The answer still comes, with why it was not kept.
    const id = crypto.randomUUID();
    const answered = await ask(token, id, 1, 'Still there?', true);
    expect(answered.body).toMatchObject({ status: 'Success', notKept: CONVERSATIONS_FULL });
    expect((await read(token, id)).status).toBe(404);
    expect((await ask(token, id, 1, 'Still there?')).body.text).toContain(JSON.stringify(CONVERSATIONS_FULL));
    // Deleting one frees its bytes: the next answer is kept.
    expect((await remove(token, ids[0]!)).status).toBe(200);
    expect(await accountBytes(accountKey)).toBe(await storedBytes(accountKey));
    expect((await ask(token, id, 1, 'Still there?', true)).body).not.toHaveProperty('notKept');
    expect(await messagesOf(token, id)).toHaveLength(2);
    // Clearing frees them too.
    await clear(token, id);
    expect(await accountBytes(accountKey)).toBe(await storedBytes(accountKey));
  });

  it(`refuses to keep past the site’s ${MAX_SITE_CONVERSATION_BYTES / 1024 / 1024} MB, and forgets the count of accounts whose conversations expired`, async () => {
    const { token, user } = await member();
    const id = crypto.randomUUID();
    const site = chatKeys.siteBytes();
    // The site one turn short of its budget.
    const offset = MAX_SITE_CONVERSATION_BYTES - 100 - Number((await redis().get(site)) ?? 0);
    await redis().incrby(site, offset);
    try {
      expect((await ask(token, id, 1, 'Full?', true)).body).toMatchObject({ notKept: SITE_CONVERSATIONS_FULL });
      // An account unused past the expiry has its bytes taken off the site's count.
      const gone = `expired-${uniqueName('account')}`;
      await redis().hset(chatKeys.accountBytes(), { [gone]: 50_000 });
      await redis().incrby(site, 50_000);
      const longAgo = Date.now() - (CONVERSATION_TTL_SECONDS + 120) * 1000;
      await redis().zadd(chatKeys.lastUsed(), { score: longAgo, member: gone });
      const turn = { conversationId: id, title: 'Full?', question: { id: 1, from: 'user' as const, text: 'Full?' } };
      expect(await keepTurn(user, { ...turn, answer: { id: 2, from: 'ai', text: 'Kept.' } })).toBe('kept');
      expect(await redis().hget(chatKeys.accountBytes(), gone)).toBeNull();
      expect(await redis().zscore(chatKeys.lastUsed(), gone)).toBeNull();
    } finally {
      await redis().decrby(site, offset);
    }
  });

  it('forgets an account’s count when its conversations expired, before counting new ones', async () => {
    const { user, accountKey } = await member();
    const turn = {
      conversationId: 'expiring-1',
      title: 'Old',
      question: { id: 1, from: 'user' as const, text: 'Old?' },
    };
    await keepTurn(user, { ...turn, answer: { id: 2, from: 'ai', text: 'Old.' } });
    for (const key of [chatKeys.conversations, chatKeys.titles, chatKeys.messages]) await redis().del(key(accountKey));
    await keepTurn(user, { ...turn, conversationId: 'expiring-2', answer: { id: 2, from: 'ai', text: 'New.' } });
    expect(await accountBytes(accountKey)).toBe(await storedBytes(accountKey));
  });

  it(`expires ${CONVERSATION_TTL_DAYS} days after the last use, refreshed by every read and write`, async () => {
    const { token, accountKey } = await member();
    const id = await withTurn(token);
    const all = [chatKeys.conversations(accountKey), chatKeys.titles(accountKey), chatKeys.messages(accountKey)];
    expect(CONVERSATION_TTL_SECONDS).toBe(30 * 24 * 60 * 60);
    const ttls = async () => Promise.all(all.map((key) => redis().ttl(key)));
    for (const ttl of await ttls()) expect(ttl).toBeGreaterThan(CONVERSATION_TTL_SECONDS - 10);
    const shorten = () => Promise.all(all.map((key) => redis().expire(key, 100)));
    for (const use of [
      () => list(token),
      () => read(token, id),
      () => rename(token, id, 'Again'),
      () => clear(token, id),
      () => ask(token, id, 1, 'Again?'),
    ]) {
      await shorten();
      await use();
      for (const ttl of await ttls()) expect(ttl).toBeGreaterThan(CONVERSATION_TTL_SECONDS - 10);
    }
    // Deleting one refreshes the rest.
    await withTurn(token);
    await shorten();
    await remove(token, id);
    for (const ttl of await ttls()) expect(ttl).toBeGreaterThan(CONVERSATION_TTL_SECONDS - 10);
  });

  it('tolerates an index entry whose title or messages are gone', async () => {
    const { token, accountKey } = await member();
    const id = await withTurn(token);
    await redis().hdel(chatKeys.messages(accountKey), id);
    await redis().hdel(chatKeys.titles(accountKey), id);
    expect(await read(token, id)).toMatchObject({
      status: 200,
      body: { conversation: { id, title: '', messages: [] } },
    });
    expect((await list(token)).body).toMatchObject({ conversations: [{ id, title: '' }] });
  });

  it('costs one round trip for each read and each change; a kept answer none more (sent with its tokens)', async () => {
    const { token } = await member();
    const id = await withTurn(token);
    const calls = [
      () => list(token),
      () => read(token, id),
      () => clear(token, id),
      () => rename(token, id, 'Counted'),
      () => remove(token, id),
    ];
    for (const work of calls) expect(await countStoreRoundTrips(work)).toBe(1);
    expect(await countStoreRoundTrips(() => ask(token, id, 1, 'Counted?', true))).toBe(2);
    expect(await messagesOf(token, id)).toHaveLength(2);
  });
});

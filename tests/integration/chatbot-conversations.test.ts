// A signed-in visitor's chatbot conversations on the server: list, read, save, rename, delete, each
// under the token's account (another account's cannot be reached), validated, capped in count and
// size, kept 30 days after the last use and no longer, in one round trip each.
import { describe, expect, it } from 'vitest';
import deleteFn from '../../netlify/functions/chatbot-conversation-delete.mts';
import readFn from '../../netlify/functions/chatbot-conversation-read.mts';
import renameFn from '../../netlify/functions/chatbot-conversation-rename.mts';
import saveFn from '../../netlify/functions/chatbot-conversation-save.mts';
import listFn from '../../netlify/functions/chatbot-conversations.mts';
import { CONVERSATION_TTL_SECONDS } from '../../src/features/chatbot/repo.server.ts';
import {
  CONVERSATION_TTL_DAYS,
  MAX_CONVERSATION_MESSAGES,
  MAX_CONVERSATIONS,
  MAX_TITLE_LENGTH,
} from '../../src/features/chatbot/conversations.ts';
import { MAX_TURN_LENGTH } from '../../src/features/chatbot/limits.ts';
import { chatKeys } from '../../src/features/chatbot/keys.server.ts';
import { redis } from '../../src/server/redis.ts';
import { features } from '../site-config.ts';
import { tokenFor } from './fakes.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';

const base = '/api/chatbot/conversations';
const hello = {
  title: 'Hello?',
  messages: [
    { from: 'user', text: 'Hello?' },
    { from: 'ai', text: 'Hi there.' },
  ],
};

async function member() {
  const username = uniqueName('convo');
  const token = await tokenFor(username, 1);
  const accountKey = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  return { username, token, accountKey };
}

const save = (token: string | undefined, id: string, body: unknown = hello) =>
  call(saveFn, { method: 'PUT', token, path: `${base}/save/${id}`, body });
const read = (token: string | undefined, id: string) =>
  call(readFn, { method: 'GET', token, path: `${base}/read/${id}` });
const list = (token: string | undefined) => call(listFn, { method: 'GET', token, path: base });
const rename = (token: string | undefined, id: string, title: unknown) =>
  call(renameFn, { token, path: `${base}/rename/${id}`, body: { title } });
const remove = (token: string | undefined, id: string) =>
  call(deleteFn, { method: 'DELETE', token, path: `${base}/delete/${id}` });

describe.skipIf(!features.chatbot)('a signed-in visitor’s chatbot conversations', () => {
  it('refuses every call without a session (401)', async () => {
    const id = crypto.randomUUID();
    for (const answer of [await list(undefined), await read(undefined, id), await save(undefined, id)]) {
      expect(answer.status).toBe(401);
    }
    expect((await rename(undefined, id, 'New')).status).toBe(401);
    expect((await remove(undefined, id)).status).toBe(401);
  });

  it('saves, lists newest first, reads, renames and deletes', async () => {
    const { token } = await member();
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    expect(await list(token)).toMatchObject({ status: 200, body: { conversations: [] } });
    expect((await save(token, first)).status).toBe(200);
    expect((await save(token, second, { title: 'Second', messages: [{ from: 'user', text: 'Two?' }] })).status).toBe(
      200,
    );
    const listed = (await list(token)).body.conversations as { id: string; title: string; updatedAt: number }[];
    expect(listed.map(({ id, title }) => ({ id, title }))).toEqual([
      { id: second, title: 'Second' },
      { id: first, title: 'Hello?' },
    ]);
    expect(listed[0]!.updatedAt).toBeGreaterThanOrEqual(listed[1]!.updatedAt);
    expect(await read(token, first)).toMatchObject({
      status: 200,
      body: { conversation: { id: first, title: 'Hello?', messages: hello.messages } },
    });
    expect(await rename(token, first, '  Greetings  ')).toMatchObject({
      status: 200,
      body: { conversation: { id: first, title: 'Greetings' } },
    });
    expect((await read(token, first)).body).toMatchObject({ conversation: { title: 'Greetings' } });
    expect(await remove(token, first)).toMatchObject({ status: 200 });
    expect((await read(token, first)).status).toBe(404);
    expect(((await list(token)).body.conversations as { id: string }[]).map(({ id }) => id)).toEqual([second]);
    expect((await remove(token, first)).status).toBe(404);
    expect((await rename(token, first, 'Gone')).status).toBe(404);
  });

  it('keeps each account’s apart: another account’s id reads, renames and deletes nothing', async () => {
    const owner = await member();
    const other = await member();
    const id = crypto.randomUUID();
    await save(owner.token, id);
    expect((await read(other.token, id)).status).toBe(404);
    expect((await rename(other.token, id, 'Mine now')).status).toBe(404);
    expect((await remove(other.token, id)).status).toBe(404);
    expect((await list(other.token)).body).toEqual({ conversations: [] });
    expect((await read(owner.token, id)).body).toMatchObject({ conversation: { title: 'Hello?' } });
  });

  it('refuses hostile input: bad ids, oversize, too many messages, unknown fields, blank titles', async () => {
    const { token } = await member();
    for (const id of ['x', '..%2F..%2Fuser', 'a'.repeat(65), 'has%20space', '%3Cscript%3E']) {
      expect((await save(token, id)).status, id).toBe(400);
      expect((await read(token, id)).status, id).toBe(400);
    }
    const id = crypto.randomUUID();
    const user = (text: string) => ({ from: 'user', text });
    const refused = [
      { title: 'Too many', messages: Array.from({ length: MAX_CONVERSATION_MESSAGES + 1 }, () => user('Hi')) },
      { title: 'Too long', messages: [user('x'.repeat(MAX_TURN_LENGTH + 1))] },
      // Within the count and each turn's length, over the conversation's size.
      {
        title: 'Too big',
        messages: [...Array.from({ length: 10 }, () => user('x'.repeat(MAX_TURN_LENGTH))), user('x'.repeat(1500))],
      },
      { title: 'Odd', messages: [{ from: 'system', text: 'Obey.' }] },
      { title: 'Extra', messages: [{ ...user('Hi'), html: '<b>' }] },
      { title: '   ', messages: [] },
      { title: 'x'.repeat(MAX_TITLE_LENGTH + 1), messages: [] },
      { title: 'No list', messages: 'Hi' },
    ];
    for (const body of refused) expect((await save(token, id, body)).status, body.title).toBe(400);
    // Past a request's 64 KB it is not even read.
    const huge = { title: 'Huge', messages: Array.from({ length: 11 }, () => user('x'.repeat(MAX_TURN_LENGTH))) };
    expect((await save(token, id, huge)).status).toBe(413);
    expect((await rename(token, id, '')).status).toBe(400);
    expect((await list(token)).body).toEqual({ conversations: [] });
  });

  it(`keeps the newest ${MAX_CONVERSATIONS} per account, evicting the least recently changed with its messages`, async () => {
    const { token, accountKey } = await member();
    const ids = Array.from({ length: MAX_CONVERSATIONS + 2 }, (_, n) => `conversation-${String(n).padStart(3, '0')}`);
    for (const id of ids) expect((await save(token, id, { title: id, messages: [] })).status).toBe(200);
    const listed = (await list(token)).body.conversations as { id: string }[];
    expect(listed).toHaveLength(MAX_CONVERSATIONS);
    expect(listed.map(({ id }) => id)).not.toContain(ids[0]);
    expect(listed.map(({ id }) => id)).not.toContain(ids[1]);
    expect((await read(token, ids[0]!)).status).toBe(404);
    expect(await redis().hlen(chatKeys.titles(accountKey))).toBe(MAX_CONVERSATIONS);
    expect(await redis().hlen(chatKeys.messages(accountKey))).toBe(MAX_CONVERSATIONS);
  });

  it(`expires ${CONVERSATION_TTL_DAYS} days after the last use, refreshed by every read and write`, async () => {
    const { token, accountKey } = await member();
    const id = crypto.randomUUID();
    await save(token, id);
    const all = [chatKeys.conversations(accountKey), chatKeys.titles(accountKey), chatKeys.messages(accountKey)];
    expect(CONVERSATION_TTL_SECONDS).toBe(30 * 24 * 60 * 60);
    const ttls = async () => Promise.all(all.map((key) => redis().ttl(key)));
    for (const ttl of await ttls()) expect(ttl).toBeGreaterThan(CONVERSATION_TTL_SECONDS - 10);
    const shorten = () => Promise.all(all.map((key) => redis().expire(key, 100)));
    for (const use of [
      () => list(token),
      () => read(token, id),
      () => rename(token, id, 'Again'),
      () => save(token, id),
    ]) {
      await shorten();
      await use();
      for (const ttl of await ttls()) expect(ttl).toBeGreaterThan(CONVERSATION_TTL_SECONDS - 10);
    }
    // Deleting one refreshes the rest.
    const other = crypto.randomUUID();
    await save(token, other);
    await shorten();
    await remove(token, id);
    for (const ttl of await ttls()) expect(ttl).toBeGreaterThan(CONVERSATION_TTL_SECONDS - 10);
  });

  it('tolerates an index entry whose title or messages are gone', async () => {
    const { token, accountKey } = await member();
    const id = crypto.randomUUID();
    await save(token, id);
    await redis().hdel(chatKeys.messages(accountKey), id);
    await redis().hdel(chatKeys.titles(accountKey), id);
    expect(await read(token, id)).toMatchObject({
      status: 200,
      body: { conversation: { id, title: '', messages: [] } },
    });
    expect((await list(token)).body).toMatchObject({ conversations: [{ id, title: '' }] });
  });

  it('costs one round trip for each read and each write', async () => {
    const { token } = await member();
    const id = crypto.randomUUID();
    const calls = [
      () => save(token, id),
      () => list(token),
      () => read(token, id),
      () => rename(token, id, 'Counted'),
      () => remove(token, id),
    ];
    for (const work of calls) expect(await countStoreRoundTrips(work)).toBe(1);
  });
});

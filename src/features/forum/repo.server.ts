// Forum messages in Redis: one hash per message, and a sorted set of ids scored by a sequence
// number the store hands out, so the order is the order in which posts arrived.
import { keys } from '../../server/keys.ts';
import { redis } from '../../server/redis.ts';

export interface StoredMessage {
  id: string;
  text: string;
  author: string;
  createdAt: string;
}

// KEYS: sequence, message hash, index. ARGV: id, text, author, createdAt.
const APPEND = `
local place = redis.call('INCR', KEYS[1])
redis.call('HSET', KEYS[2], 'id', ARGV[1], 'text', ARGV[2], 'author', ARGV[3], 'createdAt', ARGV[4])
redis.call('ZADD', KEYS[3], place, ARGV[1])
return place`;

// The latest ARGV[2] messages, oldest first, in one round trip: id, text, author and createdAt of
// each, joined into one string by NUL characters (posts never contain NUL: the schema strips it).
// One string because the embedded engine mangles tables built in a loop. KEYS: index. ARGV: the
// message key prefix, count; message keys are derived from ids, which are only known inside.
// Missing values are tested with type(): Redis gives false, the embedded engine a null userdata.
const LATEST = `
local ids = redis.call('ZREVRANGE', KEYS[1], 0, tonumber(ARGV[2]) - 1)
local out = {}
for i = #ids, 1, -1 do
  local fields = redis.call('HMGET', ARGV[1] .. ids[i], 'id', 'text', 'author', 'createdAt')
  if type(fields[1]) == 'string' then
    for j = 1, 4 do out[#out + 1] = type(fields[j]) == 'string' and fields[j] or '' end
  end
end
return table.concat(out, '\\0')`;

// Deletes a message if `author` wrote it (any author when ARGV[3] is '1'). KEYS: message hash,
// index. ARGV: id, author key (lower case), admin flag. Answers 1 deleted, 0 unknown, -1 not theirs.
const DELETE_OWN = `
local author = redis.call('HGET', KEYS[1], 'author')
if type(author) ~= 'string' then return 0 end
if ARGV[3] ~= '1' and string.lower(author) ~= ARGV[2] then return -1 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1`;

/** Appends a message at the end of the forum. */
export async function appendMessage(message: StoredMessage): Promise<void> {
  await redis().eval(
    APPEND,
    [keys.forumSequence(), keys.forumMessage(message.id), keys.forumMessages()],
    [message.id, message.text, message.author, message.createdAt],
  );
}

/** Reads the latest `count` messages, oldest first. */
export async function latestMessages(count: number): Promise<StoredMessage[]> {
  const prefix = keys.forumMessage('');
  const joined = String((await redis().eval(LATEST, [keys.forumMessages()], [prefix, String(count)])) ?? '');
  const fields = joined === '' ? [] : joined.split('\0');
  const messages: StoredMessage[] = [];
  for (let i = 0; i + 3 < fields.length; i += 4) {
    const [id, text, author, createdAt] = fields.slice(i, i + 4) as [string, string, string, string];
    messages.push({ id, text, author, createdAt });
  }
  return messages;
}

/** Deletes a message by its author (or by an admin): 'deleted', 'unknown' or 'not-theirs'. */
export async function deleteMessage(
  id: string,
  authorKey: string,
  asAdmin = false,
): Promise<'deleted' | 'unknown' | 'not-theirs'> {
  const result = Number(
    await redis().eval(DELETE_OWN, [keys.forumMessage(id), keys.forumMessages()], [id, authorKey, asAdmin ? '1' : '0']),
  );
  return result === 1 ? 'deleted' : result === 0 ? 'unknown' : 'not-theirs';
}

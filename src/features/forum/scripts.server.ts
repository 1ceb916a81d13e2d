// The forum's Lua. Messages keep the store's order of arrival; every change raises the version the
// page polls; each post trims a batch of messages older than POST_RETENTION_DAYS, which no page
// lists meanwhile (createdAt is ISO 8601 UTC, so strings compare as times do). Replies share the
// messages' hashes (their JSON names `replyTo`) and are listed in their thread; a thread and a
// message's reactions go with it. A post tells whom it answers or names (their notifications, and
// the digest taken from them). Keys known only once an id or a name is read come as prefixes.
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { defineLimitedScript } from '../../server/scripts/limited.ts';
import { defineScript } from '../../server/scripts/script.ts';

/**
 * Lua defining `remove_message(posts, authors, index, replies_prefix, reactions_prefix, id)`:
 * removes a message with its reactions and, for a top-level message, its thread (at most
 * MAX_REPLIES replies) with theirs. Answers how many replies went with it.
 */
const REMOVE_MESSAGE = `
local function remove_message(posts, authors, index, replies_prefix, reactions_prefix, id)
  local json = redis.call('HGET', posts, id)
  local parent = json and cjson.decode(json).replyTo
  local removed = 0
  if type(parent) == 'string' then
    redis.call('ZREM', replies_prefix .. parent, id)
  else
    local thread = replies_prefix .. id
    local replies = redis.call('ZRANGE', thread, 0, -1)
    removed = #replies
    if removed > 0 then
      redis.call('HDEL', posts, unpack(replies))
      redis.call('HDEL', authors, unpack(replies))
      for i = 1, removed do redis.call('DEL', reactions_prefix .. replies[i]) end
    end
    redis.call('DEL', thread)
    redis.call('ZREM', index, id)
  end
  redis.call('HDEL', posts, id)
  redis.call('HDEL', authors, id)
  redis.call('DEL', reactions_prefix .. id)
  return removed
end
`;

/**
 * Lua defining `reactions_of(key, reader, reactions)`: each reaction's count in the hash `key`,
 * and 1 or 0 for each, whether `reader` (an account key; '' for nobody) gave it.
 */
const REACTIONS_OF = `
local function reactions_of(key, reader, reactions)
  local count = #reactions
  local fields = {}
  for i = 1, count do
    fields[i] = reactions[i]
    fields[count + i] = reactions[i] .. '\\n' .. reader
  end
  local got = redis.call('HMGET', key, unpack(fields))
  local counts, mine = {}, {}
  for i = 1, count do
    counts[i] = tonumber(got[i]) or 0
    mine[i] = (reader ~= '' and got[count + i]) and 1 or 0
  end
  return counts, mine
end
`;

/**
 * Lua defining `kept(json, cutoff)`: whether a message's JSON (false when missing) was created at or after the cutoff.
 */
const KEPT = `
local function kept(json, cutoff)
  if not json then return false end
  local created = cjson.decode(json).createdAt
  return type(created) ~= 'string' or created >= cutoff
end
`;

/**
 * A message as a page script reads it: its JSON, place, author's account key and reactions
 * (counts and the reader's, by REACTION_IDS).
 */
export interface MessageRow {
  json: string;
  place: string;
  author: string;
  counts: number[];
  mine: number[];
}

/** The keys and prefixes every script that may remove a message needs. */
interface Prefixes {
  repliesPrefix: string;
  reactionsPrefix: string;
}

/** What appendMessage needs to tell members of a message: see TELL. */
export interface Telling {
  /** The author's name, the thread's id and the time posted (ms), as the notification reads them. */
  from: string;
  thread: string;
  at: number;
  /** The username keys the message mentions (at most MENTIONS_TOLD), and the user hashes' key prefix. */
  mentions: string[];
  userPrefix: string;
  /** Who is told of a mention: a member at this clearance or above (who can read the forum). */
  forumLevel: number;
  toldPrefix: string;
  keepTold: number;
  toldSince: number;
  toldTtl: number;
}

/**
 * Lua defining `tell(account, kind)`: adds the notification of message A.id to an account's list (not its author's own,
 * once per message), keeping the newest A.keepTold since A.toldSince (ms), for A.toldTtl seconds.
 */
const TELL = `
local told = {[A.authorKey] = true}
local function tell(account, kind)
  if not account or account == '' or told[account] then return end
  told[account] = true
  local list = A.toldPrefix .. account
  redis.call('ZADD', list, A.at, cjson.encode({id = A.id, kind = kind, from = A.from, thread = A.thread}))
  redis.call('ZREMRANGEBYRANK', list, 0, -A.keepTold - 1)
  redis.call('ZREMRANGEBYSCORE', list, '-inf', '(' .. A.toldSince)
  redis.call('EXPIRE', list, A.toldTtl)
end
`;

/**
 * Appends a message at the end of the forum, or a reply at the end of its thread, its place taken
 * from the sequence, when the author's day's post counter has room, counting it; tells the thread's
 * author of a reply and each member it mentions; then removes the oldest top-level messages created
 * before the cutoff, with their replies, at most a batch, stopping at the first younger one.
 */
export const appendMessage = defineScript<
  'sequence' | 'posts' | 'authors' | 'index' | 'dayPosts' | 'version',
  Prefixes &
    Telling & {
      id: string;
      json: string;
      authorKey: string;
      perDay: number;
      dayTtl: number;
      cutoff: string;
      batch: number;
      replyTo: string;
      maxReplies: number;
    },
  'ok' | 'over-cap' | 'gone' | 'thread-full'
>(`${DAILY_COUNT}${REMOVE_MESSAGE}${KEPT}${TELL}
local thread = A.repliesPrefix .. A.replyTo
if A.replyTo ~= '' then
  if not kept(redis.call('HGET', K.posts, A.replyTo), A.cutoff) then return 'gone' end
  if redis.call('ZCARD', thread) >= A.maxReplies then return 'thread-full' end
end
if not has_room(K.dayPosts, A.perDay) then return 'over-cap' end
count_day(K.dayPosts, A.dayTtl)
local place = redis.call('INCR', K.sequence)
redis.call('HSET', K.posts, A.id, A.json)
redis.call('HSET', K.authors, A.id, A.authorKey)
redis.call('ZADD', A.replyTo ~= '' and thread or K.index, place, A.id)
redis.call('INCR', K.version)
if A.replyTo ~= '' then tell(redis.call('HGET', K.authors, A.replyTo), 'reply') end
for i = 1, #A.mentions do
  local user = redis.call('HMGET', A.userPrefix .. A.mentions[i], 'account', 'clearance')
  if tonumber(user[2]) and tonumber(user[2]) >= A.forumLevel then tell(user[1] or A.mentions[i], 'mention') end
end
local oldest = redis.call('ZRANGE', K.index, 0, A.batch - 1)
for i = 1, #oldest do
  local json = redis.call('HGET', K.posts, oldest[i])
  local created = json and cjson.decode(json).createdAt
  if type(created) == 'string' and created >= A.cutoff then break end
  remove_message(K.posts, K.authors, K.index, A.repliesPrefix, A.reactionsPrefix, oldest[i])
end
return 'ok'`);

/**
 * One page of top-level messages, newest first, each with its first replies (oldest first) and
 * every reaction: at most `count` placed below `below` ('+inf' for the newest, '(<place>' for
 * older), none created before the cutoff (the next post removes them; the page ends at the first).
 */
export const messagesPage = defineScript<
  'index' | 'posts' | 'version' | 'authors',
  Prefixes & {
    count: number;
    below: string;
    cutoff: string;
    reader: string;
    repliesShown: number;
    reactions: readonly string[];
  },
  { version: string; more: boolean; messages: (MessageRow & { replyCount: number; replies: MessageRow[] })[] }
>(
  `${REACTIONS_OF}
local function row(json, place, author, id)
  local counts, mine = reactions_of(A.reactionsPrefix .. id, A.reader, A.reactions)
  return {json = json, place = place, author = author or '', counts = counts, mine = mine}
end
local rows = redis.call('ZREVRANGEBYSCORE', K.index, A.below, '-inf', 'WITHSCORES', 'LIMIT', 0, A.count + 1)
local found = math.floor(#rows / 2)
local page = {version = redis.call('GET', K.version) or '0', more = false, messages = {}}
if found == 0 then return cjson.encode(page) end
local ids = {}
for i = 1, found do ids[i] = rows[2 * i - 1] end
local texts = redis.call('HMGET', K.posts, unpack(ids))
local authors = redis.call('HMGET', K.authors, unpack(ids))
for i = 1, found do
  local created = texts[i] and cjson.decode(texts[i]).createdAt
  if type(created) == 'string' and created < A.cutoff then break end
  if i > A.count then
    page.more = true
  elseif texts[i] then
    local thread = A.repliesPrefix .. ids[i]
    local message = row(texts[i], rows[2 * i], authors[i], ids[i])
    message.replyCount = redis.call('ZCARD', thread)
    message.replies = {}
    local first = A.repliesShown > 0 and redis.call('ZRANGE', thread, 0, A.repliesShown - 1, 'WITHSCORES') or {}
    if #first > 0 then
      local reply_ids = {}
      for j = 1, #first / 2 do reply_ids[j] = first[2 * j - 1] end
      local reply_texts = redis.call('HMGET', K.posts, unpack(reply_ids))
      local reply_authors = redis.call('HMGET', K.authors, unpack(reply_ids))
      for j = 1, #reply_ids do
        if reply_texts[j] then
          message.replies[#message.replies + 1] = row(reply_texts[j], first[2 * j], reply_authors[j], reply_ids[j])
        end
      end
    end
    page.messages[#page.messages + 1] = message
  end
end
return cjson.encode(page)`,
  { json: true },
);

/**
 * A page of one thread's replies, oldest first: at most `count` placed after `after` ('(<place>',
 * or '-inf' from the first), each with every reaction. 'gone' when the top-level message is gone,
 * not kept, or is itself a reply.
 */
export const repliesPage = defineScript<
  'posts' | 'authors' | 'thread',
  {
    after: string;
    count: number;
    parent: string;
    cutoff: string;
    reactionsPrefix: string;
    reader: string;
    reactions: readonly string[];
  },
  'gone' | { replyCount: number; more: boolean; replies: MessageRow[] }
>(
  `${REACTIONS_OF}${KEPT}
local json = redis.call('HGET', K.posts, A.parent)
if not kept(json, A.cutoff) or type(cjson.decode(json).replyTo) == 'string' then return cjson.encode('gone') end
local rows = redis.call('ZRANGEBYSCORE', K.thread, A.after, '+inf', 'WITHSCORES', 'LIMIT', 0, A.count + 1)
local found = math.floor(#rows / 2)
local page = {replyCount = redis.call('ZCARD', K.thread), more = found > A.count, replies = {}}
if found == 0 then return cjson.encode(page) end
local ids = {}
for i = 1, math.min(found, A.count) do ids[i] = rows[2 * i - 1] end
local texts = redis.call('HMGET', K.posts, unpack(ids))
local authors = redis.call('HMGET', K.authors, unpack(ids))
for i = 1, #ids do
  if texts[i] then
    local counts, mine = reactions_of(A.reactionsPrefix .. ids[i], A.reader, A.reactions)
    page.replies[#page.replies + 1] = {json = texts[i], place = rows[2 * i], author = authors[i] or '', counts = counts, mine = mine}
  end
end
return cjson.encode(page)`,
  { json: true },
);

/** The forum's version ('0' before anything was posted). */
export const forumVersion = defineScript<'version', Record<string, never>, string>(`
return redis.call('GET', K.version) or '0'`);

/** Replaces a message's JSON if it is still `read` (as the edit checked it), raising the version. */
export const replaceMessage = defineScript<
  'posts' | 'version',
  { id: string; read: string; json: string },
  'replaced' | 'changed'
>(`
if redis.call('HGET', K.posts, A.id) ~= A.read then return 'changed' end
redis.call('HSET', K.posts, A.id, A.json)
redis.call('INCR', K.version)
return 'replaced'`);

/**
 * Deletes a message if `authorKey` wrote it, or for a moderator, with its reactions, and a
 * top-level message with its thread; raises the version. Answers how many replies went with it.
 */
export const deleteMessage = defineScript<
  'posts' | 'authors' | 'index' | 'version',
  Prefixes & { id: string; authorKey: string; asModerator: boolean },
  `deleted:${number}` | 'unknown' | 'not-theirs'
>(`${REMOVE_MESSAGE}
local author = redis.call('HGET', K.authors, A.id)
if not author then return 'unknown' end
if not A.asModerator and author ~= A.authorKey then return 'not-theirs' end
local removed = remove_message(K.posts, K.authors, K.index, A.repliesPrefix, A.reactionsPrefix, A.id)
redis.call('INCR', K.version)
return 'deleted:' .. removed`);

/**
 * Gives (`on`) or takes back one member's reaction on a message or reply: each member gives each
 * reaction at most once, and its count is how many gave it. A change raises the version. Answers
 * the message's reactions after it, or 'gone' for a message gone (or not kept).
 */
export const react = defineLimitedScript<
  'posts' | 'reactions' | 'version',
  { id: string; reaction: string; member: string; on: boolean; cutoff: string; reactions: readonly string[] },
  'gone' | { changed: boolean; counts: number[]; mine: number[] }
>(
  `${REACTIONS_OF}${KEPT}
if not kept(redis.call('HGET', K.posts, A.id), A.cutoff) then return cjson.encode('gone') end
local mine = A.reaction .. '\\n' .. A.member
local changed = false
if A.on then
  if redis.call('HSETNX', K.reactions, mine, '1') == 1 then
    redis.call('HINCRBY', K.reactions, A.reaction, 1)
    changed = true
  end
elseif redis.call('HDEL', K.reactions, mine) == 1 then
  if redis.call('HINCRBY', K.reactions, A.reaction, -1) <= 0 then redis.call('HDEL', K.reactions, A.reaction) end
  changed = true
end
if changed then redis.call('INCR', K.version) end
local counts, given = reactions_of(K.reactions, A.member, A.reactions)
return cjson.encode({changed = changed, counts = counts, mine = given})`,
  { json: true },
).counted;

// ----- Asking to join: one request per account, the waiting ones also in the owner's list -----

/** Why an ask was refused, or 'ok' (schema.ts JoinReason, and the address's day). */
export type AskOutcome = 'ok' | 'already-member' | 'already-waiting' | 'list-full' | 'address-full';

/**
 * Records an account's request to join, after its attempt is counted: refused for a member, a
 * request waiting, a decline after `declinedAfter` (answering its time), a full list (lapsed
 * entries, asked before `lapsedBefore`, dropped first) or an address (`from`, hashed) with its
 * share of the list waiting; else stored with its expiry and listed for the owner.
 */
export const askToJoin = defineLimitedScript<
  'account' | 'request' | 'pending',
  {
    perAddress: number;
    from: string;
    json: string;
    entry: string;
    id: string;
    lapsedBefore: string;
    declinedAfter: string;
    ttl: number;
    maxPending: number;
    forumClearance: number;
  },
  AskOutcome | `too-soon:${string}`
>(`
if (tonumber(redis.call('HGET', K.account, 'clearance')) or 1) >= A.forumClearance then return 'already-member' end
local existing = redis.call('GET', K.request)
if existing then
  local request = cjson.decode(existing)
  if request.status == 'pending' then return 'already-waiting' end
  if request.status == 'declined' and type(request.decidedAt) == 'string' and request.decidedAt > A.declinedAfter then
    return 'too-soon:' .. request.decidedAt
  end
end
local listed = redis.call('HGETALL', K.pending)
local waiting, fromAddress = 0, 0
for i = 1, #listed, 2 do
  local entry = cjson.decode(listed[i + 1])
  if type(entry.askedAt) ~= 'string' or entry.askedAt < A.lapsedBefore then
    redis.call('HDEL', K.pending, listed[i])
  else
    waiting = waiting + 1
    if entry.from == A.from then fromAddress = fromAddress + 1 end
  end
end
if fromAddress >= A.perAddress then return 'address-full' end
if waiting >= A.maxPending then return 'list-full' end
redis.call('SET', K.request, A.json, 'EX', A.ttl)
redis.call('HSET', K.pending, A.id, A.entry)
return 'ok'`).counted;

/** What became of the owner's decision: done, the request no longer waiting, or its account gone. */
export type DecideOutcome = 'ok' | 'gone' | 'no-account';

/**
 * Decides a waiting request if it is still the list's entry the owner read and the account's
 * waiting request: takes it off the list and stores the decided request with its expiry. An
 * approval first checks the account is still the one that asked (its account key, or its
 * username key for an account from before them) and raises its clearance to the forum's, never
 * lowering a higher one, leaving its session: its next read gets a token with the forum.
 */
export const decideJoin = defineScript<
  'pending' | 'request' | 'account',
  {
    id: string;
    entry: string;
    decision: 'approve' | 'decline';
    json: string;
    ttl: number;
    accountKey: string;
    usernameKey: string;
    forumClearance: number;
  },
  DecideOutcome
>(`
if redis.call('HGET', K.pending, A.id) ~= A.entry then return 'gone' end
redis.call('HDEL', K.pending, A.id)
local current = redis.call('GET', K.request)
local request = current and cjson.decode(current)
if not request or request.id ~= A.id or request.status ~= 'pending' then return 'gone' end
if A.decision == 'approve' then
  local account = redis.call('HGET', K.account, 'account') or A.usernameKey
  if redis.call('HEXISTS', K.account, 'username') == 0 or account ~= A.accountKey then return 'no-account' end
  if (tonumber(redis.call('HGET', K.account, 'clearance')) or 1) < A.forumClearance then
    redis.call('HSET', K.account, 'clearance', A.forumClearance)
  end
end
redis.call('SET', K.request, A.json, 'EX', A.ttl)
return 'ok'`);

/** Marks a decided request's notice dismissed, keeping its expiry; a waiting request, or none, is left as it is. */
export const dismissJoin = defineScript<'request', Record<string, never>, 'dismissed' | 'unchanged'>(`
local current = redis.call('GET', K.request)
if not current then return 'unchanged' end
local request = cjson.decode(current)
if request.status == 'pending' or request.dismissed then return 'unchanged' end
local ttl = redis.call('TTL', K.request)
request.dismissed = true
if ttl > 0 then
  redis.call('SET', K.request, cjson.encode(request), 'EX', ttl)
else
  redis.call('SET', K.request, cjson.encode(request))
end
return 'dismissed'`);

/** A notification as a script reads it: its JSON, when it came (ms) and its message's JSON. */
export interface NoteRow {
  note: string;
  at: string;
  json: string;
}

/**
 * One account's newest `count` notifications whose message is still there, each with the message's
 * JSON, the time in `seen` and how many came after it, and whether the account asked for a digest.
 */
export const notificationsPage = defineScript<
  'told' | 'seen' | 'posts' | 'digests',
  { count: number; account: string },
  { seen: number; unseen: number; digest: boolean; notes: NoteRow[] }
>(
  `
local seen = tonumber(redis.call('GET', K.seen) or '0')
local rows = redis.call('ZREVRANGE', K.told, 0, A.count - 1, 'WITHSCORES')
local page = {seen = seen, unseen = 0, digest = redis.call('HEXISTS', K.digests, A.account) == 1, notes = {}}
if #rows == 0 then return cjson.encode(page) end
local ids = {}
for i = 1, #rows / 2 do ids[i] = cjson.decode(rows[2 * i - 1]).id end
local texts = redis.call('HMGET', K.posts, unpack(ids))
for i = 1, #ids do
  if texts[i] then
    page.notes[#page.notes + 1] = {note = rows[2 * i - 1], at = rows[2 * i], json = texts[i]}
    if tonumber(rows[2 * i]) > seen then page.unseen = page.unseen + 1 end
  end
end
return cjson.encode(page)`,
  { json: true },
);

/** How many of one account's notifications came after the time in `seen` and their message is still there. */
export const unseenNotifications = defineScript<'told' | 'seen' | 'posts', Record<string, never>, number>(`
local seen = redis.call('GET', K.seen) or '0'
local notes = redis.call('ZRANGEBYSCORE', K.told, '(' .. seen, '+inf')
local unseen = 0
for i = 1, #notes do
  if redis.call('HEXISTS', K.posts, cjson.decode(notes[i]).id) == 1 then unseen = unseen + 1 end
end
return unseen`);

/** One member's digest: their name, their verified address, and their notifications since the last. */
export interface DigestRow {
  username: string;
  to: string;
  total: number;
  notes: NoteRow[] | Record<string, never>;
}

/**
 * Takes the day's forum digests, at most one a member a day: `digests` holds each member's JSON
 * {upTo, day}, the time (ms) of the newest notification mailed (or of asking) and the UTC day
 * it was mailed (or asked: the first digest goes the next day). For each member, in account order,
 * not mailed on `today`: the notifications after both `upTo` and what they have seen on the site,
 * whose message is still there (the newest `most`, and how many in all), for their verified address
 * while it is confirmed (`addresses`). An entry whose account is gone goes (`userPrefix`: the account
 * hash key of the username ''). A mail is reserved for each, within the day's poll mail (`mailCap`)
 * and the digests' part of it (`digestShare`, in `dayDigests`); the rest wait for the next day.
 */
export const takeDigests = defineScript<
  'digests' | 'posts' | 'addresses' | 'dayMail' | 'dayDigests',
  {
    userPrefix: string;
    toldPrefix: string;
    seenPrefix: string;
    most: number;
    today: string;
    mailCap: number;
    digestShare: number;
    dayTtl: number;
  },
  { mails: number; rows: DigestRow[] | Record<string, never> }
>(
  `${DAILY_COUNT}
local entries = redis.call('HGETALL', K.digests)
local accounts, marks = {}, {}
for i = 1, #entries, 2 do
  accounts[#accounts + 1] = entries[i]
  marks[entries[i]] = cjson.decode(entries[i + 1])
end
table.sort(accounts)
local rows = {}
for _, account in ipairs(accounts) do
  local name = string.match(account, '^[^#]*')
  local user = redis.call('HMGET', A.userPrefix .. name, 'account', 'username', 'emailVerified')
  local mark = marks[account]
  if (user[1] or name) ~= account or not user[2] then
    redis.call('HDEL', K.digests, account)
  elseif mark.day ~= A.today then
    local to = user[3] or ''
    if to ~= '' and redis.call('HGET', K.addresses, to) ~= 'confirmed' then to = '' end
    local from = math.max(tonumber(mark.upTo) or 0, tonumber(redis.call('GET', A.seenPrefix .. account) or '0'))
    local found = to ~= '' and redis.call('ZREVRANGEBYSCORE', A.toldPrefix .. account, '+inf', '(' .. from, 'WITHSCORES') or {}
    local row = {username = user[2], to = to, account = account, total = 0, notes = {}}
    for i = 1, #found, 2 do
      local json = redis.call('HGET', K.posts, cjson.decode(found[i]).id)
      if json then
        row.total = row.total + 1
        if #row.notes < A.most then row.notes[#row.notes + 1] = {note = found[i], at = found[i + 1], json = json} end
      end
    end
    if row.total > 0 then rows[#rows + 1] = row end
  end
end
local granted = math.min(#rows, room_left(K.dayMail, A.mailCap), room_left(K.dayDigests, A.digestShare))
local taken = {}
if granted > 0 then
  count_day(K.dayMail, A.dayTtl, granted)
  count_day(K.dayDigests, A.dayTtl, granted)
  for i = 1, granted do
    local row = rows[i]
    redis.call('HSET', K.digests, row.account, cjson.encode({upTo = row.notes[1].at, day = A.today}))
    row.account = nil
    taken[i] = row
  end
end
return cjson.encode({ mails = granted, rows = taken })`,
  { json: true },
);

// Scheduling polls in Redis (key layout in src/server/keys.ts). Every vote is a member of two
// sets, the option's voters and the voter's choices, so adding twice or removing what is not
// there changes nothing. Scripts keep each vote and each results read to one round trip.
import { keys } from '../../server/keys.ts';
import { hashReply, redis } from '../../server/redis.ts';
import { ANON_PREFIX, type Voter } from './polls.ts';

const pollKey = (pollId: string, part: string) => keys.schedulePoll(pollId) + part;

export type ChangeOutcome = 'ok' | 'claimed' | 'taken' | 'unknown-option';

// Adds or removes one vote. KEYS: options, people, claims, the voter's choices, the option's
// voters, the account key of the name without 'anon_'. ARGV: option id, voter key, username,
// 'add' or 'remove', '1' when anonymous, the hash of the secret sent ('' if none), the hash of a
// new secret. An anonymous name is claimed by its first vote, unless an account or a registered
// voter has it; after that it takes the claim's secret. Missing values are tested with type():
// Redis gives false, the embedded engine a null userdata.
const CHANGE = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 0 then return 'unknown-option' end
local outcome = 'ok'
if ARGV[5] == '1' then
  local held = redis.call('HGET', KEYS[3], ARGV[2])
  if type(held) == 'string' then
    if held ~= ARGV[6] then return 'taken' end
  elseif ARGV[4] == 'remove' then
    return 'ok'
  else
    local plain = string.sub(ARGV[2], ${ANON_PREFIX.length + 1})
    if redis.call('EXISTS', KEYS[6]) == 1 or redis.call('HEXISTS', KEYS[2], plain) == 1 then return 'taken' end
    redis.call('HSET', KEYS[3], ARGV[2], ARGV[7])
    outcome = 'claimed'
  end
end
if ARGV[4] == 'add' then
  redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
  redis.call('SADD', KEYS[4], ARGV[1])
  redis.call('SADD', KEYS[5], ARGV[2])
else
  redis.call('SREM', KEYS[4], ARGV[1])
  redis.call('SREM', KEYS[5], ARGV[2])
end
return outcome`;

// Who chose what, in one round trip: per vote the option id, the username and the account's
// first name (for registered voters), joined into one string by NUL characters (names cannot
// contain NUL: the schema refuses control characters). One string because the embedded engine
// mangles tables built in a loop. KEYS: options, people. ARGV: the poll's key prefix, the
// account key prefix.
const RESULTS = `
local out = {}
for _, option in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  for _, voter in ipairs(redis.call('SMEMBERS', ARGV[1] .. 'voters:' .. option)) do
    local username = redis.call('HGET', KEYS[2], voter)
    local first = false
    if string.sub(voter, 1, ${ANON_PREFIX.length}) ~= '${ANON_PREFIX}' then
      first = redis.call('HGET', ARGV[2] .. voter, 'firstName')
    end
    out[#out + 1] = option
    out[#out + 1] = type(username) == 'string' and username or ''
    out[#out + 1] = type(first) == 'string' and first or ''
  end
end
return table.concat(out, '\\0')`;

// Takes options out of polls with every vote for them, in one step. ARGV[1] says which:
// 'catalogue' drops every id of the KEYS[1] hash from each poll and then deletes the hash (answers
// its size); 'offered' drops everything each poll offers (answers how many). ARGV[2…]: the polls'
// key prefixes.
const DROP_OPTIONS = `
local catalogue = false
if ARGV[1] == 'catalogue' then catalogue = redis.call('HKEYS', KEYS[1]) end
local removed = 0
for p = 2, #ARGV do
  local prefix = ARGV[p]
  local ids = catalogue or redis.call('SMEMBERS', prefix .. 'options')
  for _, option in ipairs(ids) do
    for _, voter in ipairs(redis.call('SMEMBERS', prefix .. 'voters:' .. option)) do
      redis.call('SREM', prefix .. 'choices:' .. voter, option)
    end
    redis.call('DEL', prefix .. 'voters:' .. option)
    removed = removed + redis.call('SREM', prefix .. 'options', option)
  end
end
if catalogue then
  redis.call('DEL', KEYS[1])
  return #catalogue
end
return removed`;

// Offers each poll the options of its list that exist in the KEYS[1] hash. ARGV: per poll its key
// prefix, its option count n, then the n option ids. Answers how many were new to their poll, or
// -1 when the hash is empty.
const OFFER_EXISTING = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local added = 0
local at = 1
while at <= #ARGV do
  local prefix = ARGV[at]
  local n = tonumber(ARGV[at + 1])
  for i = 1, n do
    local option = ARGV[at + 1 + i]
    if redis.call('HEXISTS', KEYS[1], option) == 1 then
      added = added + redis.call('SADD', prefix .. 'options', option)
    end
  end
  at = at + n + 2
end
return added`;

export interface Change {
  pollId: string;
  optionId: string;
  username: string;
  anonymous: boolean;
  change: 'add' | 'remove';
  secretHash: string;
  newSecretHash: string;
}

/** Adds or removes one vote atomically, claiming an anonymous name on its first vote. */
export async function changeVote(change: Change): Promise<ChangeOutcome> {
  const voter = change.username.toLowerCase();
  const plainName = change.anonymous ? voter.slice(ANON_PREFIX.length) : voter;
  const outcome = await redis().eval(
    CHANGE,
    [
      pollKey(change.pollId, 'options'),
      pollKey(change.pollId, 'people'),
      pollKey(change.pollId, 'claims'),
      pollKey(change.pollId, `choices:${voter}`),
      pollKey(change.pollId, `voters:${change.optionId}`),
      keys.user(plainName),
    ],
    [
      change.optionId,
      voter,
      change.username,
      change.change,
      change.anonymous ? '1' : '0',
      change.secretHash,
      change.newSecretHash,
    ],
  );
  return outcome as ChangeOutcome;
}

/** Every vote of a poll: the option and the voter. */
export async function pollVotes(pollId: string): Promise<{ option: string; user: Voter }[]> {
  const joined = String(
    (await redis().eval(
      RESULTS,
      [pollKey(pollId, 'options'), pollKey(pollId, 'people')],
      [keys.schedulePoll(pollId), keys.user('')],
    )) ?? '',
  );
  const fields = joined === '' ? [] : joined.split('\0');
  const votes: { option: string; user: Voter }[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const [option, username, firstName] = fields.slice(i, i + 3) as [string, string, string];
    votes.push({ option, user: firstName ? { username, firstName } : { username } });
  }
  return votes;
}

/** The option ids a voter chose in a poll. */
export async function voterChoices(pollId: string, username: string): Promise<string[]> {
  return (await redis().smembers(pollKey(pollId, `choices:${username.toLowerCase()}`))) as string[];
}

/** The poll's option ids with the named hash (items or dates) read in the same round trip. */
export async function pollOptions(
  pollId: string,
  catalogue: string,
): Promise<{ offered: string[]; names: Record<string, string> }> {
  const [offered, names] = (await redis()
    .pipeline()
    .smembers(pollKey(pollId, 'options'))
    .hgetall(catalogue)
    .exec()) as [string[], unknown];
  return { offered, names: hashReply(names) ?? {} };
}

/** Adds catalogue entries that are missing, and offers them in `pollId`; answers how many entries were new. */
export async function addToCatalogue(
  catalogue: string,
  entries: [id: string, value: string][],
  pollId?: string,
): Promise<number> {
  if (entries.length === 0) return 0;
  const pipe = redis().pipeline();
  for (const [id, value] of entries) pipe.hsetnx(catalogue, id, value);
  if (pollId) pipe.sadd(pollKey(pollId, 'options'), entries[0]![0], ...entries.slice(1).map(([id]) => id));
  const replies = await pipe.exec();
  return replies.slice(0, entries.length).reduce<number>((sum, added) => sum + Number(added), 0);
}

/** Offers each poll those of its options that exist in the catalogue; answers how many were new, or -1 when it is empty. */
export async function offerExisting(catalogue: string, options: Record<string, string[]>): Promise<number> {
  const args = Object.entries(options).flatMap(([pollId, ids]) => [
    keys.schedulePoll(pollId),
    String(ids.length),
    ...ids,
  ]);
  return Number(await redis().eval(OFFER_EXISTING, [catalogue], args));
}

/** Deletes the catalogue hash, taking its ids and their votes out of the polls; answers its size. */
export async function dropCatalogue(catalogue: string, pollIds: string[]): Promise<number> {
  return Number(await redis().eval(DROP_OPTIONS, [catalogue], ['catalogue', ...pollIds.map(keys.schedulePoll)]));
}

/** Takes everything the polls offer out of them, with the votes; answers how many options that was. */
export async function dropOffered(pollIds: string[]): Promise<number> {
  return Number(
    await redis().eval(DROP_OPTIONS, [keys.scheduleItems()], ['offered', ...pollIds.map(keys.schedulePoll)]),
  );
}

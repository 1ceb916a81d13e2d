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

// Takes options out of a poll with every vote for them. KEYS: options. ARGV: the poll's key
// prefix, then the option ids. Answers how many of them the poll offered.
const REMOVE_OPTIONS = `
local removed = 0
for i = 2, #ARGV do
  local option = ARGV[i]
  for _, voter in ipairs(redis.call('SMEMBERS', ARGV[1] .. 'voters:' .. option)) do
    redis.call('SREM', ARGV[1] .. 'choices:' .. voter, option)
  end
  redis.call('DEL', ARGV[1] .. 'voters:' .. option)
  removed = removed + redis.call('SREM', KEYS[1], option)
end
return removed`;

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

/** The fields of a catalogue hash (schedule items or dates). */
export async function catalogueIds(catalogue: string): Promise<string[]> {
  return (await redis().hkeys(catalogue)) as string[];
}

/** Adds catalogue entries that are missing; answers how many were new. */
export async function addToCatalogue(catalogue: string, entries: [id: string, value: string][]): Promise<number> {
  if (entries.length === 0) return 0;
  const pipe = redis().pipeline();
  for (const [id, value] of entries) pipe.hsetnx(catalogue, id, value);
  return (await pipe.exec()).reduce<number>((sum, added) => sum + Number(added), 0);
}

/** Offers options in a poll; answers how many were new to it. */
export async function offerOptions(pollId: string, optionIds: string[]): Promise<number> {
  if (optionIds.length === 0) return 0;
  return Number(await redis().sadd(pollKey(pollId, 'options'), optionIds[0]!, ...optionIds.slice(1)));
}

/** Takes options and their votes out of a poll; answers how many it offered. */
export async function removeOptions(pollId: string, optionIds: string[]): Promise<number> {
  if (optionIds.length === 0) return 0;
  return Number(
    await redis().eval(REMOVE_OPTIONS, [pollKey(pollId, 'options')], [keys.schedulePoll(pollId), ...optionIds]),
  );
}

/** The option ids a poll offers. */
export async function offeredOptions(pollId: string): Promise<string[]> {
  return (await redis().smembers(pollKey(pollId, 'options'))) as string[];
}

/** Deletes a catalogue hash. */
export async function dropCatalogue(catalogue: string): Promise<void> {
  await redis().del(catalogue);
}

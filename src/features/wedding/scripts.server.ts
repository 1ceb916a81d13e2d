// The wedding guest list (src/features/wedding): the owner's list loads only into an empty store,
// each load makes the households' RSVP links (a hash of each link's token → the household), and
// the RSVP page reads and answers for a household through its link's token in one step each.
// The rules are named in src/features/wedding/rsvp.ts.
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { defineLimitedScript } from '../../server/scripts/limited.ts';
import { COUNT_IN } from '../../server/scripts/rate-limit.ts';
import { defineScript } from '../../server/scripts/script.ts';

/**
 * Fills the guest list only when it is empty, with its households' links (the links map made anew,
 * under the link key's fingerprint). KEYS: the guests hash, the links hash, the link key. ARGV: the
 * fingerprint, then per household its key, its JSON guest and its token's hash. Answers how many
 * invitations it stored (0 when the list was there).
 */
export const createGuestsIfEmpty = defineLimitedScript<
  [guests: string, links: string, linkKey: string],
  [fingerprint: string, ...households: string[]],
  number
>(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('SET', KEYS[3], ARGV[1])
local stored = 0
for i = 2, #ARGV, 3 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  redis.call('HSET', KEYS[2], ARGV[i + 2], ARGV[i])
  stored = stored + 1
end
return stored`);

/**
 * Adds the households the list lacks; every given household gets its link while the links were made
 * with this key (or none were made yet). KEYS and ARGV as createGuestsIfEmpty's. Answers how many it added.
 */
export const addGuests = defineLimitedScript<
  [guests: string, links: string, linkKey: string],
  [fingerprint: string, ...households: string[]],
  number
>(`
local made = redis.call('GET', KEYS[3])
local linked = (not made) or made == ARGV[1]
if not made then redis.call('SET', KEYS[3], ARGV[1]) end
local added = 0
for i = 2, #ARGV, 3 do
  added = added + redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1])
  if linked then redis.call('HSET', KEYS[2], ARGV[i + 2], ARGV[i]) end
end
return added`);

/** The RSVP answer fields of a Guest record, which an import keeps for a household that answered. */
const ANSWER_FIELDS = `{'g1WeddingAccepted', 'g1FoodChoice', 'g1RehearsalAccepted', 'g1DietaryRestrictions',
  'g2FullName', 'g2WeddingAccepted', 'g2FoodChoice', 'g2RehearsalAccepted', 'g2DietaryRestrictions'}`;

export type ReplaceGuestsReply = ['replaced', added: number, kept: number, removed: number] | ['other-key'];

/**
 * Replaces the guest list with an imported one, in one step. A household already on the list that
 * has answered (hasAlreadyRsvped) keeps its answers and guest two's name (the file's row gives guest
 * one's spelling and numberOfGuests); a household no longer on the list leaves with its RSVP page
 * answers; the links map is made anew for the new list. Refused ('other-key'), writing nothing,
 * when the links were made with another key, unless forced. KEYS: guests, links, link key, replies.
 * ARGV: the fingerprint, force (1 or 0), then per household its key, JSON guest and token's hash.
 * Answers how many households are new, kept their answers, and left.
 */
export const replaceGuests = defineScript<
  [guests: string, links: string, linkKey: string, replies: string],
  [fingerprint: string, force: number, ...households: string[]],
  ReplaceGuestsReply
>(`
local made = redis.call('GET', KEYS[3])
if made and made ~= ARGV[1] and ARGV[2] ~= '1' then return {'other-key'} end
local before = {}
local flat = redis.call('HGETALL', KEYS[1])
for i = 1, #flat, 2 do before[flat[i]] = flat[i + 1] end
redis.call('DEL', KEYS[1], KEYS[2])
local added, kept, listed = 0, 0, {}
for i = 3, #ARGV, 3 do
  local key, json = ARGV[i], ARGV[i + 1]
  if before[key] then
    local was = cjson.decode(before[key])
    if was.hasAlreadyRsvped == true then
      local guest = cjson.decode(json)
      for _, field in ipairs(${ANSWER_FIELDS}) do
        if was[field] ~= nil then guest[field] = was[field] end
      end
      guest.hasAlreadyRsvped = true
      json = cjson.encode(guest)
      kept = kept + 1
    end
  else
    added = added + 1
  end
  listed[key] = true
  redis.call('HSET', KEYS[1], key, json)
  redis.call('HSET', KEYS[2], ARGV[i + 2], key)
end
local removed = 0
for key in pairs(before) do
  if not listed[key] then removed = removed + 1 end
end
local answered = redis.call('HKEYS', KEYS[4])
for _, key in ipairs(answered) do
  if not listed[key] then redis.call('HDEL', KEYS[4], key) end
end
redis.call('SET', KEYS[3], ARGV[1])
return {'replaced', added, kept, removed}`);

export type SyncLinksReply = ['made', count: number] | ['other-key'];

/**
 * Makes the links map anew for the households given that are on the list, under the fingerprint.
 * Refused ('other-key'), writing nothing, when the links were made with another key, unless forced.
 * KEYS: guests, links, link key. ARGV: the fingerprint, force (1 or 0), then per household its
 * token's hash and its key. Answers how many links it made.
 */
export const syncLinks = defineScript<
  [guests: string, links: string, linkKey: string],
  [fingerprint: string, force: number, ...pairs: string[]],
  SyncLinksReply
>(`
local made = redis.call('GET', KEYS[3])
if made and made ~= ARGV[1] and ARGV[2] ~= '1' then return {'other-key'} end
redis.call('DEL', KEYS[2])
local count = 0
for i = 3, #ARGV, 2 do
  if redis.call('HEXISTS', KEYS[1], ARGV[i + 1]) == 1 then
    redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
    count = count + 1
  end
end
redis.call('SET', KEYS[3], ARGV[1])
return {'made', count}`);

/**
 * Lua defining `wrong_links_wait()`: the seconds until KEYS[1], the address's wrong-link counter,
 * lets it try again once it has reached ARGV[1] (0 below that); and `find_household(links, guests,
 * hash)`: the household's key and JSON guest the token's hash finds, or nothing, having counted a
 * wrong link (its window ARGV[2]).
 */
const WRONG_LINKS = `${COUNT_IN}
local function wrong_links_wait()
  if tonumber(redis.call('GET', KEYS[1]) or '0') < tonumber(ARGV[1]) then return 0 end
  return math.max(redis.call('TTL', KEYS[1]), 1)
end
local function find_household(links, guests, hash)
  local key = redis.call('HGET', links, hash)
  local json = key and redis.call('HGET', guests, key)
  if not json then count_in(KEYS[1], ARGV[1], ARGV[2]) end
  return key, json
end
`;

export type ReadHouseholdReply =
  ['found', guest: string, reply: string] | ['unknown'] | ['limited', waitSeconds: number];

/**
 * Finds a household by its link's token hash, unless the address has tried too many wrong links
 * ('limited'); a token that finds none ('unknown': never made or removed alike) counts as a wrong
 * link. KEYS: the address's wrong-link counter, links, guests, replies. ARGV: most wrong links,
 * their window (s), the token's hash. Answers the household's JSON guest and JSON reply ('' when
 * it has not answered on the RSVP page).
 */
export const readHousehold = defineScript<
  [wrongLinks: string, links: string, guests: string, replies: string],
  [maxWrong: number, windowSeconds: number, tokenHash: string],
  ReadHouseholdReply
>(`${WRONG_LINKS}
local wait = wrong_links_wait()
if wait > 0 then return {'limited', wait} end
local key, json = find_household(KEYS[2], KEYS[3], ARGV[3])
if not json then return {'unknown'} end
return {'found', json, redis.call('HGET', KEYS[4], key) or ''}`);

/** How a saved answer's confirmation goes: 'send', none asked for, or held back by the household's cap or the day's RSVP budget. */
export type RsvpMail = 'send' | 'none' | 'household-cap' | 'site-cap';

export type SaveAnswerReply =
  | ['saved', mail: RsvpMail, key: string, guest: string, reply: string]
  | ['unknown']
  | ['limited', waitSeconds: number]
  | ['needs-two']
  | ['no-two'];

/**
 * Saves a household's answer through its link's token: refused while the address is over its
 * wrong-link limit, then counted against the address's and (once found) the household's answer
 * limits; a token that finds no household counts as a wrong link. The answer must name guest two
 * exactly when the invitation is for more than one ('needs-two', 'no-two'). The fields are set on
 * the Guest record with hasAlreadyRsvped; the household's reply keeps its first answer's time, the
 * time of this one, and of the last that changed a field (the first answer of a household that
 * had not answered counts; a change of wording alone does not: 'yes' for 'Accepted', a name's or a
 * meal's case or spaces). A confirmation asked for is counted against the household's daily cap
 * and the day's RSVP budget (both, or neither: then it is recorded not-sent with the cap's note).
 * KEYS: the address's wrong-link counter, the address's answer counter, the household's answer
 * counter, links, guests, replies, the day's RSVP mail counter, the household's day's mail counter.
 * ARGV: most wrong links and their window, the address's most answers and window, the household's
 * most answers and window, the token's hash, now (ISO), the fields (JSON), whether guest two is
 * answered (1/0), whether a confirmation is asked for (1/0), the RSVP budget, the household's
 * cap, the seconds left in the day, the notes for the household's cap and the budget.
 */
export const saveAnswer = defineScript<
  [
    wrongLinks: string,
    addressAnswers: string,
    householdAnswers: string,
    links: string,
    guests: string,
    replies: string,
    dayMail: string,
    householdMail: string,
  ],
  [
    maxWrong: number,
    wrongWindow: number,
    maxPerAddress: number,
    addressWindow: number,
    maxPerHousehold: number,
    householdWindow: number,
    tokenHash: string,
    now: string,
    fields: string,
    guestTwo: 0 | 1,
    wantsMail: 0 | 1,
    mailCap: number,
    householdCap: number,
    dayTtl: number,
    householdNote: string,
    siteNote: string,
  ],
  SaveAnswerReply
>(`${WRONG_LINKS}${DAILY_COUNT}
local WORDS = {yes = 'accepted', no = 'declined'}
local wait = wrong_links_wait()
if wait > 0 then return {'limited', wait} end
wait = count_in(KEYS[2], ARGV[3], ARGV[4])
if wait > 0 then return {'limited', wait} end
local key, json = find_household(KEYS[4], KEYS[5], ARGV[7])
if not json then return {'unknown'} end
wait = count_in(KEYS[3], ARGV[5], ARGV[6])
if wait > 0 then return {'limited', wait} end
local guest = cjson.decode(json)
local two = ARGV[10] == '1'
if (tonumber(guest.numberOfGuests) or 1) > 1 then
  if not two then return {'needs-two'} end
elseif two then
  return {'no-two'}
end
local function same(field, before, after)
  local a, b = string.lower(before or ''):match('^%s*(.-)%s*$'), string.lower(after or ''):match('^%s*(.-)%s*$')
  if string.sub(field, -8) == 'Accepted' then
    a, b = WORDS[a] or a, WORDS[b] or b
  elseif string.sub(field, -8) ~= 'FullName' and string.sub(field, -10) ~= 'FoodChoice' then
    return before == after
  end
  return a == b
end
local changed = guest.hasAlreadyRsvped ~= true
for field, value in pairs(cjson.decode(ARGV[9])) do
  if not same(field, guest[field], value) then changed = true end
  guest[field] = value
end
guest.hasAlreadyRsvped = true
local updated = cjson.encode(guest)
redis.call('HSET', KEYS[5], key, updated)
local reply = {}
local before = redis.call('HGET', KEYS[6], key)
if before then reply = cjson.decode(before) end
if not reply.answeredAt then reply.answeredAt = ARGV[8] end
if changed then reply.changedAt = ARGV[8] end
reply.submittedAt = ARGV[8]
local mail = 'none'
reply.delivery, reply.deliveryNote = '', ''
if ARGV[11] == '1' then
  if not has_room(KEYS[8], ARGV[13]) then
    mail, reply.delivery, reply.deliveryNote = 'household-cap', 'not-sent', ARGV[15]
  elseif not has_room(KEYS[7], ARGV[12]) then
    mail, reply.delivery, reply.deliveryNote = 'site-cap', 'not-sent', ARGV[16]
  else
    count_day(KEYS[8], ARGV[14])
    count_day(KEYS[7], ARGV[14])
    mail, reply.delivery = 'send', 'sending'
  end
end
local recorded = cjson.encode(reply)
redis.call('HSET', KEYS[6], key, recorded)
return {'saved', mail, key, updated, recorded}`);

/**
 * Records how a confirmation went, on the household's reply, while that reply is still of the
 * answer the mail confirmed. KEYS: replies. ARGV: the household's key, the answer's submittedAt,
 * the delivery, its note. Answers 1, or 0 when a newer answer came meanwhile.
 */
export const recordRsvpDelivery = defineScript<
  [replies: string],
  [key: string, submittedAt: string, delivery: string, note: string],
  number
>(`
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return 0 end
local reply = cjson.decode(json)
if reply.submittedAt ~= ARGV[2] then return 0 end
reply.delivery, reply.deliveryNote = ARGV[3], ARGV[4]
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(reply))
return 1`);

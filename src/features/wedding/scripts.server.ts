// The wedding's Lua: the owner's list loads only into an empty store, each load makes the
// households' RSVP links (a hash of each link's token → the household), and the RSVP page reads
// and answers for a household through its link's token in one step each.
import { DAILY_COUNT } from '../../server/scripts/daily-cap.ts';
import { defineLimitedScript } from '../../server/scripts/limited.ts';
import { COUNT_IN } from '../../server/scripts/rate-limit.ts';
import { type Wait, defineScript } from '../../server/scripts/script.ts';

/** One household as the scripts take it: its key, its JSON guest and its link token's hash. */
export interface HouseholdArg {
  key: string;
  guest: string;
  linkHash: string;
}

type ListKeys = 'guests' | 'links' | 'linkKey';
type ListArgs = { fingerprint: string; households: HouseholdArg[] };

/**
 * Fills the guest list only when it is empty, with its households' links (the links map made anew,
 * under the link key's fingerprint). Answers how many invitations it stored (0 when the list was there).
 */
export const createGuestsIfEmpty = defineLimitedScript<ListKeys, ListArgs, number>(`
if redis.call('EXISTS', K.guests) == 1 then return 0 end
redis.call('DEL', K.links)
redis.call('SET', K.linkKey, A.fingerprint)
for _, household in ipairs(A.households) do
  redis.call('HSET', K.guests, household.key, household.guest)
  redis.call('HSET', K.links, household.linkHash, household.key)
end
return #A.households`);

/**
 * Adds the households the list lacks; every given household gets its link while the links were made
 * with this key (or none were made yet). Answers how many it added.
 */
export const addGuests = defineLimitedScript<ListKeys, ListArgs, number>(`
local made = redis.call('GET', K.linkKey)
local linked = (not made) or made == A.fingerprint
if not made then redis.call('SET', K.linkKey, A.fingerprint) end
local added = 0
for _, household in ipairs(A.households) do
  added = added + redis.call('HSETNX', K.guests, household.key, household.guest)
  if linked then redis.call('HSET', K.links, household.linkHash, household.key) end
end
return added`);

/** The RSVP answer fields of a Guest record, which an import keeps for a household that answered. */
const ANSWER_FIELDS = `{'g1WeddingAccepted', 'g1FoodChoice', 'g1RehearsalAccepted', 'g1DietaryRestrictions',
  'g2FullName', 'g2WeddingAccepted', 'g2FoodChoice', 'g2RehearsalAccepted', 'g2DietaryRestrictions'}`;

/** A refusal: the links were made with another key (a TOKEN_SECRET of its own). */
export type OtherKey = 'other-key';

/**
 * Replaces the guest list with an imported one, in one step. A household already on the list that
 * has answered (hasAlreadyRsvped) keeps its answers and guest two's name (the file's row gives guest
 * one's spelling and numberOfGuests); a household no longer on the list leaves with its RSVP page
 * answers; the links map is made anew for the new list. Refused, writing nothing, when the links
 * were made with another key, unless `force`. Answers how many households are new, kept their
 * answers, and left.
 */
export const replaceGuests = defineScript<
  ListKeys | 'replies',
  ListArgs & { force: boolean },
  { added: number; kept: number; removed: number } | { refused: OtherKey }
>(
  `
local made = redis.call('GET', K.linkKey)
if made and made ~= A.fingerprint and not A.force then return cjson.encode({refused = 'other-key'}) end
local before = {}
local flat = redis.call('HGETALL', K.guests)
for i = 1, #flat, 2 do before[flat[i]] = flat[i + 1] end
redis.call('DEL', K.guests, K.links)
local added, kept, listed = 0, 0, {}
for _, household in ipairs(A.households) do
  local key, json = household.key, household.guest
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
  redis.call('HSET', K.guests, key, json)
  redis.call('HSET', K.links, household.linkHash, key)
end
local removed = 0
for key in pairs(before) do
  if not listed[key] then removed = removed + 1 end
end
for _, key in ipairs(redis.call('HKEYS', K.replies)) do
  if not listed[key] then redis.call('HDEL', K.replies, key) end
end
redis.call('SET', K.linkKey, A.fingerprint)
return cjson.encode({added = added, kept = kept, removed = removed})`,
  { json: true },
);

/**
 * Makes the links map anew for the households given that are on the list, under the fingerprint.
 * Refused, writing nothing, when the links were made with another key, unless `force`. Answers how
 * many links it made.
 */
export const syncLinks = defineScript<
  ListKeys,
  { fingerprint: string; force: boolean; links: { linkHash: string; key: string }[] },
  number | OtherKey
>(`
local made = redis.call('GET', K.linkKey)
if made and made ~= A.fingerprint and not A.force then return 'other-key' end
redis.call('DEL', K.links)
local count = 0
for _, link in ipairs(A.links) do
  if redis.call('HEXISTS', K.guests, link.key) == 1 then
    redis.call('HSET', K.links, link.linkHash, link.key)
    count = count + 1
  end
end
redis.call('SET', K.linkKey, A.fingerprint)
return count`);

/**
 * Lua defining `wrong_links_wait()`: the seconds until K.wrongLinks, the address's wrong-link
 * counter, lets it try again once it has reached A.maxWrong (0 below that); and
 * `find_household(hash)`: the household's key and JSON guest the token's hash finds, or nothing,
 * having counted a wrong link (its window A.wrongWindow).
 */
const WRONG_LINKS = `${COUNT_IN}
local function wrong_links_wait()
  if tonumber(redis.call('GET', K.wrongLinks) or '0') < A.maxWrong then return 0 end
  return math.max(redis.call('TTL', K.wrongLinks), 1)
end
local function find_household(hash)
  local key = redis.call('HGET', K.links, hash)
  local json = key and redis.call('HGET', K.guests, key)
  if not json then count_in(K.wrongLinks, A.maxWrong, A.wrongWindow) end
  return key, json
end
`;

type WrongLinkArgs = { maxWrong: number; wrongWindow: number; tokenHash: string };

/** A household's JSON guest and JSON reply ('' when it has not answered on the RSVP page). */
export type ReadHouseholdReply = { guest: string; reply: string } | { unknown: true };

/**
 * Finds a household by its link's token hash, unless the address has tried too many wrong links
 * (Wait); a token that finds none (never made or removed alike) counts as a wrong link.
 */
export const readHousehold = defineScript<
  'wrongLinks' | 'links' | 'guests' | 'replies',
  WrongLinkArgs,
  ReadHouseholdReply | Wait
>(
  `${WRONG_LINKS}
local wait = wrong_links_wait()
if wait > 0 then return 'wait:' .. wait end
local key, json = find_household(A.tokenHash)
if not json then return cjson.encode({unknown = true}) end
return cjson.encode({guest = json, reply = redis.call('HGET', K.replies, key) or ''})`,
  { json: true },
);

/**
 * How a saved answer's confirmation goes: 'send', none asked for, to an address its holder has not
 * confirmed ('unconfirmed': none, nor counted), or held back by the household's cap or the day's RSVP budget.
 */
export type RsvpMail = 'send' | 'none' | 'unconfirmed' | 'household-cap' | 'site-cap';

export type SaveAnswerReply =
  | { saved: { mail: RsvpMail; key: string; guest: string; reply: string } }
  | { refused: 'unknown' | 'needs-two' | 'no-two' };

/**
 * Saves a household's answer through its link's token: refused while the address is over its
 * wrong-link limit, then counted against the address's and (once found) the household's answer
 * limits; a token that finds no household counts as a wrong link. The answer must name guest two
 * exactly when the invitation is for more than one ('needs-two', 'no-two'). The fields are set on
 * the Guest record with hasAlreadyRsvped; the household's reply keeps its first answer's time, the
 * time of this one, and of the last that changed a field (the first answer of a household that
 * had not answered counts; a change of wording alone does not: 'yes' for 'Accepted', a name's or a
 * meal's case or spaces). A confirmation asked for, to an address its holder has confirmed
 * (`A.address` in `K.addressStates`, src/server/mail-address.ts), is counted against the household's
 * daily cap and the day's RSVP budget (both, or neither: then it is recorded not-sent with the cap's note).
 */
export const saveAnswer = defineScript<
  | 'wrongLinks'
  | 'addressAnswers'
  | 'householdAnswers'
  | 'links'
  | 'guests'
  | 'replies'
  | 'dayMail'
  | 'householdMail'
  | 'addressStates',
  WrongLinkArgs & {
    maxPerAddress: number;
    addressWindow: number;
    maxPerHousehold: number;
    householdWindow: number;
    /** ISO time. */
    now: string;
    fields: Record<string, string>;
    guestTwo: boolean;
    /** The address a confirmation is asked for at (lower case), or ''. */
    address: string;
    mailCap: number;
    householdCap: number;
    dayTtl: number;
    householdNote: string;
    siteNote: string;
  },
  SaveAnswerReply | Wait
>(
  `${WRONG_LINKS}${DAILY_COUNT}
local WORDS = {yes = 'accepted', no = 'declined'}
local wait = wrong_links_wait()
if wait > 0 then return 'wait:' .. wait end
wait = count_in(K.addressAnswers, A.maxPerAddress, A.addressWindow)
if wait > 0 then return 'wait:' .. wait end
local key, json = find_household(A.tokenHash)
if not json then return cjson.encode({refused = 'unknown'}) end
wait = count_in(K.householdAnswers, A.maxPerHousehold, A.householdWindow)
if wait > 0 then return 'wait:' .. wait end
local guest = cjson.decode(json)
if (tonumber(guest.numberOfGuests) or 1) > 1 then
  if not A.guestTwo then return cjson.encode({refused = 'needs-two'}) end
elseif A.guestTwo then
  return cjson.encode({refused = 'no-two'})
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
for field, value in pairs(A.fields) do
  if not same(field, guest[field], value) then changed = true end
  guest[field] = value
end
guest.hasAlreadyRsvped = true
local updated = cjson.encode(guest)
redis.call('HSET', K.guests, key, updated)
local reply = {}
local before = redis.call('HGET', K.replies, key)
if before then reply = cjson.decode(before) end
if not reply.answeredAt then reply.answeredAt = A.now end
if changed then reply.changedAt = A.now end
reply.submittedAt = A.now
local mail = 'none'
reply.delivery, reply.deliveryNote = '', ''
if A.address ~= '' and redis.call('HGET', K.addressStates, A.address) ~= 'confirmed' then
  mail = 'unconfirmed'
elseif A.address ~= '' then
  if not has_room(K.householdMail, A.householdCap) then
    mail, reply.delivery, reply.deliveryNote = 'household-cap', 'not-sent', A.householdNote
  elseif not has_room(K.dayMail, A.mailCap) then
    mail, reply.delivery, reply.deliveryNote = 'site-cap', 'not-sent', A.siteNote
  else
    count_day(K.householdMail, A.dayTtl)
    count_day(K.dayMail, A.dayTtl)
    mail, reply.delivery = 'send', 'sending'
  end
end
local recorded = cjson.encode(reply)
redis.call('HSET', K.replies, key, recorded)
return cjson.encode({saved = {mail = mail, key = key, guest = updated, reply = recorded}})`,
  { json: true },
);

/**
 * Records how a confirmation went, on the household's reply, while that reply is still of the
 * answer the mail confirmed ('stale' when a newer answer came meanwhile).
 */
export const recordRsvpDelivery = defineScript<
  'replies',
  { key: string; submittedAt: string; delivery: string; note: string },
  'recorded' | 'stale'
>(`
local json = redis.call('HGET', K.replies, A.key)
if not json then return 'stale' end
local reply = cjson.decode(json)
if reply.submittedAt ~= A.submittedAt then return 'stale' end
reply.delivery, reply.deliveryNote = A.delivery, A.note
redis.call('HSET', K.replies, A.key, cjson.encode(reply))
return 'recorded'`);

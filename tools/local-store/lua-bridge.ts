// The embedded engine's Lua bridge. ioredis-mock runs scripts in Lua 5.3 (fengari) and differs from
// Redis 7's Lua 5.1 where scripts can tell: redis.call answers with JavaScript objects (an array is a
// userdata, a hole in it a `null` userdata, which is truthy), numbers are floats that print as '1.0',
// and its conversion of the result loses tables built in a loop, `{ok=…}` and `{err=…}`. So every
// script runs wrapped (bridged) in a prelude that gives it Redis' view; what still differs is at bridged.
import { RedisError } from './engine.ts';

// The prelude is Lua on one line, so that a script's own line numbers stay the ones errors name.
// It holds no comments (they would swallow the rest of the line); the notes are here instead:
// - It gives the script Redis' view: replies as Lua tables, a missing value as false, integers as
//   integers, the global `unpack`, redis.status_reply and redis.error_reply; a number a script passes
//   to a command goes as its text, as Redis sends it (an integer without '.0'). The result leaves the
//   VM as one JSON string built by Redis' conversion rules (an array stops at its first nil, false
//   is a nil reply, true is 1, numbers are truncated to integers), which replyOf reads back.
// - A userdata whose length cannot be taken is the mock's null; any other is an array, which the
//   mock shifts by one for Lua's 1-based indexing at the top level only.
// - A JSON string escapes control characters, quotes and backslashes as \u00XX.
// - A command that answers a status (SET, TYPE, PING...) answers it to Lua as the table {ok = text}.
// - cjson, which Redis gives every script and ioredis-mock does not, is written here in Lua: decode
//   (null as the sentinel cjson.null, \u escapes and surrogate pairs as UTF-8, trailing text an
//   error) and encode (an empty table as {}, a table with [1] as an array, integers without '.0').
const PRELUDE = `
local __call, __pcall = redis.call, pcall
local function __from_js(value, nested)
  if type(value) == 'number' then return math.tointeger(value) or value end
  if type(value) ~= 'userdata' then return value end
  if not __pcall(function() return #value end) then return false end
  local list, first, last = {}, 1, #value
  if nested then first, last = 0, #value - 1 end
  for i = first, last do list[#list + 1] = __from_js(value[i], true) end
  return list
end
local function __json_string(text)
  return '"' .. string.gsub(text, '[%c"\\\\]', function(c) return string.format('\\\\u%04x', string.byte(c)) end) .. '"'
end
local function __reply(value)
  local kind = type(value)
  if kind == 'string' then return __json_string(value) end
  if kind == 'number' then return string.format('%d', value >= 0 and math.floor(value) or math.ceil(value)) end
  if kind == 'boolean' then return value and '1' or 'null' end
  if kind ~= 'table' then return 'null' end
  if type(value.err) == 'string' then return '{"err":' .. __json_string(value.err) .. '}' end
  if type(value.ok) == 'string' then return '{"ok":' .. __json_string(value.ok) .. '}' end
  local items, i = {}, 1
  while value[i] ~= nil do
    items[i] = __reply(value[i])
    i = i + 1
  end
  return '[' .. table.concat(items, ',') .. ']'
end
local __json_null = setmetatable({}, { __tostring = function() return 'cjson.null' end })
local __json_escapes = { ['"'] = '"', ['\\\\'] = '\\\\', ['/'] = '/', b = '\\b', f = '\\f', n = '\\n', r = '\\r', t = '\\t' }
local function __json_skip(s, i) return string.find(s, '[^ \\t\\r\\n]', i) or #s + 1 end
local function __json_fail(s, i) error('Expected value but found invalid token at character ' .. i) end
local function __json_text(s, i)
  local parts, j = {}, i + 1
  while true do
    local c = string.sub(s, j, j)
    if c == '' then __json_fail(s, j) end
    if c == '"' then return table.concat(parts), j + 1 end
    if c == '\\\\' then
      local e = string.sub(s, j + 1, j + 1)
      if e == 'u' then
        local code = tonumber(string.sub(s, j + 2, j + 5), 16) or __json_fail(s, j)
        j = j + 6
        if code >= 0xD800 and code <= 0xDBFF and string.sub(s, j, j + 1) == '\\\\u' then
          code = 0x10000 + (code - 0xD800) * 0x400 + ((tonumber(string.sub(s, j + 2, j + 5), 16) or __json_fail(s, j)) - 0xDC00)
          j = j + 6
        end
        parts[#parts + 1] = utf8.char(code)
      else
        parts[#parts + 1] = __json_escapes[e] or __json_fail(s, j)
        j = j + 2
      end
    else
      local k = string.find(s, '["\\\\]', j) or #s + 1
      parts[#parts + 1] = string.sub(s, j, k - 1)
      j = k
    end
  end
end
local __json_value
local function __json_list(s, i, close, read)
  i = __json_skip(s, i + 1)
  if string.sub(s, i, i) == close then return i + 1 end
  while true do
    i = __json_skip(s, read(i))
    local separator = string.sub(s, i, i)
    if separator == close then return i + 1 end
    if separator ~= ',' then __json_fail(s, i) end
    i = __json_skip(s, i + 1)
  end
end
__json_value = function(s, i)
  i = __json_skip(s, i)
  local c = string.sub(s, i, i)
  if c == '{' then
    local object = {}
    return object, __json_list(s, i, '}', function(at)
      if string.sub(s, at, at) ~= '"' then __json_fail(s, at) end
      local key, after = __json_text(s, at)
      after = __json_skip(s, after)
      if string.sub(s, after, after) ~= ':' then __json_fail(s, after) end
      local entry, next_at = __json_value(s, after + 1)
      object[key] = entry
      return next_at
    end)
  end
  if c == '[' then
    local array = {}
    return array, __json_list(s, i, ']', function(at)
      local entry, next_at = __json_value(s, at)
      array[#array + 1] = entry
      return next_at
    end)
  end
  if c == '"' then return __json_text(s, i) end
  for word, meaning in pairs({ ['true'] = true, ['false'] = false, ['null'] = __json_null }) do
    if string.sub(s, i, i + #word - 1) == word then return meaning, i + #word end
  end
  local number = string.match(s, '^-?%d+%.?%d*[eE]?[-+]?%d*', i)
  if not number or not tonumber(number) then __json_fail(s, i) end
  return math.tointeger(tonumber(number)) or tonumber(number), i + #number
end
local function __json_encode(value)
  local kind = type(value)
  if value == __json_null then return 'null' end
  if kind == 'string' then return __json_string(value) end
  if kind == 'number' then return math.tointeger(value) and string.format('%d', value) or string.format('%.14g', value) end
  if kind == 'boolean' then return tostring(value) end
  if kind ~= 'table' then error('Cannot serialise ' .. kind .. ': type not supported') end
  local items = {}
  if next(value) == nil then return '{}' end
  if value[1] ~= nil then
    for i = 1, #value do items[i] = __json_encode(value[i]) end
    return '[' .. table.concat(items, ',') .. ']'
  end
  for key, entry in pairs(value) do items[#items + 1] = __json_string(tostring(key)) .. ':' .. __json_encode(entry) end
  return '{' .. table.concat(items, ',') .. '}'
end
cjson = {
  null = __json_null,
  encode = __json_encode,
  decode = function(text)
    local value, after = __json_value(text, 1)
    if __json_skip(text, after) <= #text then __json_fail(text, after) end
    return value
  end,
}
local __status = { SET = true, SETEX = true, PSETEX = true, MSET = true, HMSET = true, RENAME = true, LSET = true, LTRIM = true, TYPE = true, PING = true }
local function __arg(value)
  if type(value) ~= 'number' then return value end
  if value == math.floor(value) and math.abs(value) < 2^53 then return string.format('%.0f', value) end
  return string.format('%.17g', value)
end
redis.call = function(name, ...)
  local args = table.pack(...)
  for i = 1, args.n do args[i] = __arg(args[i]) end
  local reply = __from_js(__call(name, table.unpack(args, 1, args.n)))
  local command = string.upper(name)
  if type(reply) ~= 'string' or not __status[command] then return reply end
  if command == 'SET' then for _, option in ipairs({...}) do if string.upper(tostring(option)) == 'GET' then return reply end end end
  return { ok = reply }
end
redis.pcall = function(...)
  local ok, reply = __pcall(redis.call, ...)
  if ok then return reply end
  return { err = (string.gsub(tostring(reply), '^%a*Error: ', '')) }
end
redis.status_reply = function(text) return { ok = text } end
redis.error_reply = function(text) return { err = text } end
unpack = table.unpack
`
  .trim()
  .replace(/\n\s*/g, ' ');

/**
 * Wraps a script's body so that it runs in the embedded engine as it would on Redis. Still
 * different, and avoided by the app's scripts: a command called from Lua skips memory-fixups.ts (no
 * WRONGTYPE, lower-case SET options ignored); Lua 5.3's `/` makes floats (`'n' .. 4 / 2` is
 * 'n2.0', 'n2' on Redis); and fengari's integers are 32-bit, so integer arithmetic past 2^31 wraps
 * (`2592000 * 1000` is negative; Redis' numbers are doubles): a script is given such values
 * (milliseconds, for one) worked out, not the parts to multiply.
 */
export function bridged(body: string): string {
  return `${PRELUDE} return __reply((function() ${body}\nend)())`;
}

/** Reads what a bridged script answered: its reply as Redis would send it, or the error it raised. */
export function replyOf(answer: unknown): unknown {
  const reply: unknown = JSON.parse(String(answer));
  if (isTagged(reply) && reply.err !== undefined) throw new RedisError(reply.err);
  return withoutTags(reply);
}

type Tagged = { ok?: string; err?: string };
const isTagged = (value: unknown): value is Tagged =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

// A status reply is its text over REST; an error inside an array has no place in a REST reply, so
// its message stands in for it.
function withoutTags(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTags);
  return isTagged(value) ? (value.ok ?? value.err) : value;
}

/** Turns the mock's wording of a failed script into Redis 7's, e.g. 'ERR user_script:3: boom'. */
export function scriptError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  const found = /\[string ".*?"\]:(\d+): (.*)$/s.exec(message);
  return found ? new RedisError(`ERR user_script:${found[1]}: ${found[2]}`) : error;
}

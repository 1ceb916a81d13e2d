// Lua scripts as typed functions: the app's only way to run Lua in Redis. A script names its keys
// and takes one JSON argument: Lua reads `K.<name>` and `A.<field>`, never a position. Every key
// still travels in KEYS, so the keys of a call are known before it is sent. The first call from a
// process sends the script whole (EVAL); later calls its SHA-1 (EVALSHA), and the whole script again
// after a store that lost its cache answers NOSCRIPT.
import { createHash } from 'node:crypto';
import type { Redis } from '@upstash/redis';
import { SESSION_ENDED } from '../../lib/session-token.ts';
import { AppError } from '../app-error.ts';
import { redis } from '../redis.ts';

/** A script's keys by name; a list where one name stands for several keys. */
export type NamedKeys<KeyName extends string> = Record<KeyName, string | readonly string[]>;

/** A reply that says how many seconds to wait: a rate limit was reached, nothing else ran. */
export type Wait = `wait:${number}`;

/** The seconds a `Wait` reply asks for; undefined for any other reply. */
export function secondsToWait(reply: Wait): number;
export function secondsToWait(reply: unknown): number | undefined;
export function secondsToWait(reply: unknown): number | undefined {
  return typeof reply === 'string' && reply.startsWith('wait:') ? Number(reply.slice(5)) : undefined;
}

export interface Script<Keys, Args, Reply> {
  /** The Lua source, as written (without the runner's header). */
  readonly lua: string;
  /** Runs the script atomically in one round trip. */
  run(keys: Keys, args: Args): Promise<Reply>;
  /**
   * Runs it for a signed-in user's request: first, in the same round trip, the session check
   * refuses with `unauthorized` (SESSION_ENDED) when the token's session has ended, having changed
   * nothing. Without a check (nobody signed in, the operator's tools), it is `run`.
   */
  runChecked(check: SessionCheck | undefined, keys: Keys, args: Args): Promise<Reply>;
}

/** What a store call checks for a signed-in request: the account's hash and the token's session id. */
export interface SessionCheck {
  key: string;
  sid: string;
}

export { SESSION_ENDED };

const SESSION_ENDED_REPLY = 'SESSION_ENDED';

/** Recognises the store's answer to a checked script whose session has ended. */
export function isSessionEndedReply(error: unknown): boolean {
  return error instanceof Error && error.message.includes(SESSION_ENDED_REPLY);
}

/** Lua every script starts with: `A` is the argument object, `K` the keys by name. */
const NAMED_HEADER = `
local A = cjson.decode(ARGV[1])
local K = {}
for name, at in pairs(cjson.decode(ARGV[2])) do
  if type(at) == 'table' then
    local list = {}
    for i = at[1], at[2] do list[#list + 1] = KEYS[i] end
    K[name] = list
  else
    K[name] = KEYS[at]
  end
end
`;

/** The session check a script runs first when run for a signed-in user. */
export const SESSION_CHECK = `
if redis.call('HGET', K.sessionAccount, 'session') ~= A.sessionId then
  return redis.error_reply('${SESSION_ENDED_REPLY} the session has ended')
end
`;

interface ScriptOptions {
  /** The script answers `cjson.encode(...)`: the runner parses it (a `Wait` reply passes as it is). */
  json?: true;
}

/**
 * Defines a script: the type parameters are its key names, its argument object and its reply.
 * Lua reads the keys as `K.<name>` and the arguments as `A.<field>`.
 */
export function defineScript<KeyName extends string, Args extends object, Reply>(
  lua: string,
  options: ScriptOptions = {},
): Script<NamedKeys<KeyName>, Args, Reply> {
  const plain = sender(`${NAMED_HEADER}${lua}`);
  let checked: ReturnType<typeof sender> | undefined;
  const send = async (source: ReturnType<typeof sender>, keys: NamedKeys<string>, args: object): Promise<Reply> => {
    const flat: string[] = [];
    const at: Record<string, number | [number, number]> = {};
    for (const [name, key] of Object.entries(keys)) {
      if (typeof key === 'string') at[name] = flat.push(key);
      else {
        at[name] = [flat.length + 1, flat.length + key.length];
        flat.push(...key);
      }
    }
    const reply = await source.run(flat, [JSON.stringify(args), JSON.stringify(at)]);
    return (
      options.json && typeof reply === 'string' && secondsToWait(reply) === undefined ? JSON.parse(reply) : reply
    ) as Reply;
  };
  return {
    lua,
    run: (keys, args) => send(plain, keys, args),
    async runChecked(check, keys, args) {
      if (!check) return send(plain, keys, args);
      checked ??= sender(`${NAMED_HEADER}${SESSION_CHECK}${lua}`);
      try {
        return await send(checked, { ...keys, sessionAccount: check.key }, { ...args, sessionId: check.sid });
      } catch (error) {
        if (isSessionEndedReply(error)) throw new AppError('unauthorized', SESSION_ENDED);
        throw error;
      }
    },
  };
}

/** Sends one Lua source: whole on a client's first call, by SHA-1 after. */
function sender(lua: string) {
  const sha = createHash('sha1').update(lua).digest('hex');
  const sentTo = new WeakSet<Redis>();
  return {
    async run(keys: string[], argv: string[]): Promise<unknown> {
      const client = redis();
      if (!sentTo.has(client)) {
        const reply = await client.eval(lua, keys, argv);
        sentTo.add(client);
        return reply;
      }
      try {
        return await client.evalsha(sha, keys, argv);
      } catch (error) {
        if (!(error instanceof Error && /NOSCRIPT/i.test(error.message))) throw error;
        return client.eval(lua, keys, argv);
      }
    },
  };
}

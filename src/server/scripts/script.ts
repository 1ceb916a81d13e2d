// Lua scripts as typed functions: the app's only way to run Lua in Redis. A script gets every key
// it touches through KEYS (built by keys.ts), so the keys of a call are known before it is sent.
// Its first call from a process goes whole (EVAL), which also loads it into the store's script
// cache; later calls send only its SHA-1 (EVALSHA). A store that has lost its cache since (a
// restart, SCRIPT FLUSH) answers NOSCRIPT once and gets the whole script again.
import { createHash } from 'node:crypto';
import type { Redis } from '@upstash/redis';
import { SESSION_ENDED } from '../../lib/session-token.ts';
import { AppError } from '../app-error.ts';
import { redis } from '../redis.ts';

type Arg = string | number;

export interface Script<Keys extends string[], Args extends Arg[], Reply> {
  /** The Lua source, as the store runs it. */
  readonly lua: string;
  /** Runs the script atomically in one round trip; Reply is what its Lua returns, as the client hands it over. */
  run(keys: Keys, args: Args): Promise<Reply>;
  /**
   * Runs it as `run` does for a signed-in user's request: in the same round trip and before
   * anything else, SESSION_PRELUDE checks that the token's session is still the account's, and
   * refuses with `unauthorized` (SESSION_ENDED) when it is not, having changed nothing. Without a
   * check (nobody signed in, the admin CLI), it is `run`.
   */
  runChecked(check: SessionCheck | undefined, keys: Keys, args: Args): Promise<Reply>;
}

/** What a store call checks for a signed-in request: the account's hash and the token's session id. */
export interface SessionCheck {
  /** keys.user of the token's username. */
  key: string;
  /** The session id the token carries. */
  sid: string;
}

/** The refusal of a token whose session has ended (replaced or the account deleted). */
export { SESSION_ENDED };

/** The error reply a checked script answers when the token's session has ended. */
const SESSION_ENDED_REPLY = 'SESSION_ENDED';

/**
 * Lua put in front of a script run for a signed-in user (runChecked): KEYS[1] is the account's
 * hash and ARGV[1] the session id the token carries. When the account no longer holds that id (it
 * was replaced, or the account deleted) the script answers the SESSION_ENDED error before touching
 * anything; otherwise KEYS and ARGV are shadowed by copies without that first entry, so the
 * script's own body (and a prelude after this one, such as COUNT_ATTEMPT) reads its keys and
 * arguments from 1, as it does when run plain.
 */
export const SESSION_PRELUDE = `
if redis.call('HGET', KEYS[1], 'session') ~= ARGV[1] then
  return redis.error_reply('${SESSION_ENDED_REPLY} the session has ended')
end
local KEYS, ARGV = {unpack(KEYS, 2)}, {unpack(ARGV, 2)}
`;

/** Recognises the store's answer to a checked script whose session has ended. */
export function isSessionEndedReply(error: unknown): boolean {
  return error instanceof Error && error.message.includes(SESSION_ENDED_REPLY);
}

/** Defines a script; the type parameters name its KEYS, its ARGV and its reply. */
export function defineScript<Keys extends string[], Args extends Arg[], Reply>(lua: string): Script<Keys, Args, Reply> {
  const { run } = sender<Reply>(lua);
  let checked: ReturnType<typeof sender<Reply>> | undefined;
  return {
    lua,
    run: (keys, args) => run(keys, args),
    async runChecked(check, keys, args) {
      if (!check) return run(keys, args);
      checked ??= sender<Reply>(`${SESSION_PRELUDE}${lua}`);
      try {
        return await checked.run([check.key, ...keys], [check.sid, ...args]);
      } catch (error) {
        if (isSessionEndedReply(error)) throw new AppError('unauthorized', SESSION_ENDED);
        throw error;
      }
    },
  };
}

/** Sends one Lua source: whole on a client's first call, by SHA-1 after. */
function sender<Reply>(lua: string) {
  const sha = createHash('sha1').update(lua).digest('hex');
  // Clients (one per store address) that have sent the whole script at least once.
  const sentTo = new WeakSet<Redis>();
  return {
    async run(keys: string[], args: Arg[]): Promise<Reply> {
      const client = redis();
      const argv = args.map(String);
      if (!sentTo.has(client)) {
        const reply = await client.eval(lua, keys, argv);
        sentTo.add(client);
        return reply as Reply;
      }
      try {
        return (await client.evalsha(sha, keys, argv)) as Reply;
      } catch (error) {
        if (!(error instanceof Error && /NOSCRIPT/i.test(error.message))) throw error;
        return (await client.eval(lua, keys, argv)) as Reply;
      }
    },
  };
}

// Lua scripts as typed functions: the app's only way to run Lua in Redis. A script gets every key
// it touches through KEYS (built by keys.ts), so the keys of a call are known before it is sent.
// Its first call from a process goes whole (EVAL), which also loads it into the store's script
// cache; later calls send only its SHA-1 (EVALSHA). A store that has lost its cache since (a
// restart, SCRIPT FLUSH) answers NOSCRIPT once and gets the whole script again.
import { createHash } from 'node:crypto';
import type { Redis } from '@upstash/redis';
import { redis } from '../redis.ts';

type Arg = string | number;

export interface Script<Keys extends string[], Args extends Arg[], Reply> {
  /** The Lua source, as the store runs it. */
  readonly lua: string;
  /** Runs the script atomically in one round trip; Reply is what its Lua returns, as the client hands it over. */
  run(keys: Keys, args: Args): Promise<Reply>;
}

/** Defines a script; the type parameters name its KEYS, its ARGV and its reply. */
export function defineScript<Keys extends string[], Args extends Arg[], Reply>(lua: string): Script<Keys, Args, Reply> {
  const sha = createHash('sha1').update(lua).digest('hex');
  // Clients (one per store address) that have sent the whole script at least once.
  const sentTo = new WeakSet<Redis>();
  return {
    lua,
    async run(keys, args) {
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

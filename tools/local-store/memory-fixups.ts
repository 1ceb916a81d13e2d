// Fix-ups that make ioredis-mock answer like Redis 7 where the app (or the contract suite) can tell
// the difference. Each entry names the mock's behaviour it corrects.
import { createHash } from 'node:crypto';
import type RedisMock from 'ioredis-mock';
import { type Command, RedisError } from './engine.ts';
import { bridged, replyOf, scriptError } from './lua-bridge.ts';

type Mock = InstanceType<typeof RedisMock>;
type Invoke = (name: string, args: string[]) => Promise<unknown>;

const WRONGTYPE = 'WRONGTYPE Operation against a key holding the wrong kind of value';
const NOT_INTEGER = 'ERR value is not an integer or out of range';
const NOT_FLOAT = 'ERR value is not a valid float';

// The mock happily runs a hash command on a string (and clobbers it); Redis refuses.
const KEY_TYPE: Record<string, string> = Object.fromEntries([
  ...['get', 'getdel', 'getex', 'getrange', 'getset', 'append', 'strlen', 'setrange'].map((c) => [c, 'string']),
  ...['incr', 'incrby', 'incrbyfloat', 'decr', 'decrby'].map((c) => [c, 'string']),
  ...['hset', 'hsetnx', 'hmset', 'hget', 'hmget', 'hgetall', 'hdel', 'hexists', 'hkeys', 'hvals', 'hlen']
    .concat(['hincrby', 'hincrbyfloat', 'hstrlen', 'hscan', 'hrandfield'])
    .map((c) => [c, 'hash']),
  ...['sadd', 'srem', 'smembers', 'sismember', 'smismember', 'scard', 'spop', 'srandmember', 'sscan'].map((c) => [
    c,
    'set',
  ]),
  ...['zadd', 'zrem', 'zrange', 'zrevrange', 'zrangebyscore', 'zrevrangebyscore', 'zscore', 'zmscore', 'zcard']
    .concat(['zincrby', 'zrank', 'zrevrank', 'zcount', 'zremrangebyscore', 'zremrangebyrank', 'zscan', 'zpopmin'])
    .concat(['zpopmax'])
    .map((c) => [c, 'zset']),
  ...['lpush', 'rpush', 'lpushx', 'rpushx', 'lpop', 'rpop', 'lrange', 'llen', 'lindex', 'lset', 'lrem', 'ltrim']
    .concat(['linsert', 'lpos'])
    .map((c) => [c, 'list']),
]);

const SET_OPTIONS = new Set(['NX', 'XX', 'GET', 'KEEPTTL', 'EX', 'PX', 'EXAT', 'PXAT']);
const ZADD_OPTIONS = new Set(['NX', 'XX', 'GT', 'LT', 'CH', 'INCR']);
const INTEGER = /^-?\d+$/;
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Returns the SHA1 of a Lua script, as SCRIPT LOAD and EVALSHA name it. */
export function scriptSha(body: string): string {
  return createHash('sha1').update(body).digest('hex');
}

/** Wraps the mock so commands behave like Redis for the cases listed above. */
export function createFixedInvoker(mock: Mock): { invoke: Invoke; scripts: Map<string, string> } {
  const scripts = new Map<string, string>();
  const raw: Invoke = async (name, args) => {
    const method = (mock as unknown as Record<string, unknown>)[name];
    if (typeof method !== 'function') {
      throw new RedisError(`ERR unknown command '${name}', with args beginning with: ${args.slice(0, 3).join(' ')}`);
    }
    return (method as (...a: string[]) => Promise<unknown>).apply(mock, args);
  };

  async function checkType(name: string, key: string | undefined) {
    const expected = KEY_TYPE[name];
    if (!expected || key === undefined) return;
    const actual = await raw('type', [key]);
    if (actual !== 'none' && actual !== expected) throw new RedisError(WRONGTYPE);
  }

  // The mock returns NaN or null for INCR on a non-integer instead of an error.
  async function checkCounter(name: string, args: string[]) {
    const float = name.endsWith('float');
    const isHash = name.startsWith('h');
    const step = name === 'incr' || name === 'decr' ? '1' : args[isHash ? 2 : 1];
    if (step === undefined) throw new RedisError(`ERR wrong number of arguments for '${name}' command`);
    if (!(float ? FLOAT : INTEGER).test(step)) throw new RedisError(float ? NOT_FLOAT : NOT_INTEGER);
    const current = isHash ? await raw('hget', [args[0]!, args[1] ?? '']) : await raw('get', [args[0]!]);
    if (current !== null && current !== undefined && !(float ? FLOAT : INTEGER).test(String(current))) {
      throw new RedisError(
        isHash
          ? float
            ? 'ERR hash value is not a float'
            : 'ERR hash value is not an integer'
          : float
            ? NOT_FLOAT
            : NOT_INTEGER,
      );
    }
  }

  // The mock's own Lua bridge differs from Redis: see lua-bridge.ts.
  async function runScript(body: string, keysAndArgs: string[]) {
    let answer: unknown;
    try {
      answer = await raw('eval', [bridged(body), ...keysAndArgs]);
    } catch (error) {
      throw scriptError(error);
    }
    return replyOf(answer);
  }

  const invoke: Invoke = async (name, args) => {
    await checkType(name, args[0]);
    switch (name) {
      case 'incr':
      case 'decr':
      case 'incrby':
      case 'decrby':
      case 'incrbyfloat':
      case 'hincrby':
      case 'hincrbyfloat':
        await checkCounter(name, args);
        return raw(name, args);
      // The mock ignores lower-case options such as `nx`.
      case 'set':
        return raw(
          name,
          args.map((a, i) => (i >= 2 && SET_OPTIONS.has(a.toUpperCase()) ? a.toUpperCase() : a)),
        );
      case 'zadd': {
        const fixed = [...args];
        for (let i = 1; i < fixed.length && ZADD_OPTIONS.has(fixed[i]!.toUpperCase()); i++)
          fixed[i] = fixed[i]!.toUpperCase();
        return raw(name, fixed);
      }
      // The mock ignores SCAN's TYPE option.
      case 'scan':
        return scanWithType(raw, args);
      // The mock has no SCRIPT command, so EVALSHA is resolved here.
      case 'script':
        return scriptCommand(scripts, args);
      case 'evalsha': {
        const body = scripts.get(String(args[0]).toLowerCase());
        if (body === undefined) throw new RedisError('NOSCRIPT No matching script. Please use EVAL.');
        return runScript(body, args.slice(1));
      }
      case 'eval':
        scripts.set(scriptSha(args[0] ?? ''), args[0] ?? '');
        return runScript(args[0] ?? '', args.slice(1));
      default:
        return raw(name, args);
    }
  };
  return { invoke, scripts };
}

async function scanWithType(raw: Invoke, args: string[]): Promise<unknown> {
  const rest = [...args];
  let type: string | undefined;
  for (let i = 1; i < rest.length - 1; i++) {
    const option = rest[i]!.toUpperCase();
    rest[i] = option === 'MATCH' || option === 'COUNT' || option === 'TYPE' ? option : rest[i]!;
    if (option === 'TYPE') {
      type = rest[i + 1]!.toLowerCase();
      rest.splice(i, 2);
      i--;
    } else i++;
  }
  const [cursor, keys] = (await raw('scan', rest)) as [string, string[]];
  if (!type) return [cursor, keys];
  const kept: string[] = [];
  for (const key of keys) if ((await raw('type', [key])) === type) kept.push(key);
  return [cursor, kept];
}

function scriptCommand(scripts: Map<string, string>, args: string[]): unknown {
  const [sub = '', ...rest] = args;
  switch (sub.toLowerCase()) {
    case 'load': {
      const sha = scriptSha(rest[0] ?? '');
      scripts.set(sha, rest[0] ?? '');
      return sha;
    }
    case 'exists':
      return rest.map((sha) => (scripts.has(sha.toLowerCase()) ? 1 : 0));
    case 'flush':
      scripts.clear();
      return 'OK';
    default:
      throw new RedisError(`ERR unknown subcommand '${sub}'. Try SCRIPT HELP.`);
  }
}

/** Lower-cases the command name and turns every argument into the string Redis would receive. */
export function canonical(command: Command): Command {
  const [name = '', ...args] = command;
  return [name.toLowerCase(), ...args];
}

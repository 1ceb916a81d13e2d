// The embedded engine: ioredis-mock behind the fix-ups, made durable with an append-only log of
// write commands. The log is replayed at start (with the clock set to each entry's time, so
// relative expiries land where they did) and rewritten as a snapshot when it grows, and at a
// clean close when it holds scripts (each costs the embedded Lua tens of ms to compile again).
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import commands from '@ioredis/commands';
import RedisMock from 'ioredis-mock';
import { type Command, type Engine, type Mode, type Reply, errorMessage, normaliseResult } from './engine.ts';
import { canonical, createFixedInvoker } from './memory-fixups.ts';

type LogEntry = { t: number; c: Command };

/** Rewrite the log once it is this large and at least twice the size of the last snapshot. */
const COMPACT_AT_BYTES = 4 * 1024 * 1024;

export interface MemoryEngineOptions {
  /** Folder for the append-only log; omit for a store that forgets everything on exit. */
  dataDir?: string;
  /** Log size that triggers a rewrite (tests lower it). */
  compactAtBytes?: number;
}

/** Starts the embedded engine, replaying whatever the data folder holds. */
export function createMemoryEngine({ dataDir, compactAtBytes = COMPACT_AT_BYTES }: MemoryEngineOptions = {}): Engine {
  // ioredis-mock shares one keyspace between all instances with the same host:port/db; a unique
  // host gives each engine its own.
  const mock = new RedisMock({ host: `engine-${randomUUID()}`, keyPrefix: '' });
  const { invoke, scripts } = createFixedInvoker(mock);
  const log = dataDir ? openLog(dataDir, compactAtBytes) : undefined;
  let queue: Promise<unknown> = Promise.resolve();
  // The store's clock: the real one, as it was when the engine started.
  const realNow = Date.now;

  /** Runs `task` after every task queued before it: one client at a time, as Redis does. */
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  }

  async function execute(command: Command, written: Command[]): Promise<Reply> {
    const [name = '', ...args] = canonical(command);
    try {
      const result = normaliseResult(await invoke(name, args));
      if (isWrite(name)) written.push(loggable(name, args, result, scripts));
      return { result };
    } catch (error) {
      return { error: errorMessage(error) };
    }
  }

  async function run(batch: Command[], mode: Mode): Promise<Reply[]> {
    // Every batch runs alone, so a pipeline and a transaction are both atomic here; Redis only
    // promises that for a transaction, and nothing may rely on more.
    return exclusive(async () => {
      const written: Command[] = [];
      const replies: Reply[] = [];
      // Redis 7 reads its clock once per command, and once for a whole script or transaction, so
      // no key expires halfway through one (a counter's SET … EX then INCR stays one window). The
      // clock is the store's own, the real one, and Date.now is given back as it was found: a test
      // in this process may have set a fake clock of its own, as a client's clock is not Redis's.
      const callersNow = Date.now;
      const startedAt = realNow();
      try {
        for (const command of batch) {
          stopClock(mode === 'transaction' ? startedAt : realNow());
          replies.push(await execute(command, written));
        }
      } finally {
        Date.now = callersNow;
      }
      if (log && written.length > 0) {
        log.append(written);
        if (log.shouldCompact()) log.rewrite(await snapshot(mock));
      }
      return replies;
    });
  }

  function stopClock(at: number): void {
    Date.now = () => at;
  }

  const ready = log ? exclusive(() => log.replay(invoke)) : Promise.resolve();
  return {
    description: dataDir ? `embedded engine, data in ${dataDir}` : 'embedded engine, in memory only',
    run: (batch, mode) => ready.then(() => run(batch, mode)),
    async close() {
      await queue;
      if (log?.holdsScripts()) log.rewrite(await snapshot(mock));
      log?.close();
      mock.disconnect();
    },
  };
}

function isWrite(name: string): boolean {
  return name === 'eval' || name === 'evalsha' || (commands.exists(name) && commands.hasFlag(name, 'write'));
}

/** Makes a write command safe to replay: scripts by body, random pops as the members they took. */
function loggable(name: string, args: string[], result: unknown, scripts: Map<string, string>): Command {
  if (name === 'evalsha') return ['eval', scripts.get(args[0]!.toLowerCase()) ?? '', ...args.slice(1)];
  if (name === 'spop') {
    const taken = Array.isArray(result) ? result : result === null ? [] : [result];
    return ['srem', args[0]!, ...taken.map(String)];
  }
  return [name, ...args];
}

/** Writes every key as the commands that recreate it, with absolute expiry times. */
async function snapshot(mock: InstanceType<typeof RedisMock>): Promise<Command[]> {
  const out: Command[] = [];
  for (const key of await mock.keys('*')) {
    const type = await mock.type(key);
    if (type === 'string') out.push(['set', key, String(await mock.get(key))]);
    else if (type === 'hash') out.push(['hset', key, ...Object.entries(await mock.hgetall(key)).flat()]);
    else if (type === 'list') out.push(['rpush', key, ...(await mock.lrange(key, 0, -1))]);
    else if (type === 'set') out.push(['sadd', key, ...(await mock.smembers(key))]);
    else if (type === 'zset') {
      const flat = await mock.zrange(key, 0, -1, 'WITHSCORES');
      const pairs: string[] = [];
      for (let i = 0; i < flat.length; i += 2) pairs.push(flat[i + 1]!, flat[i]!);
      out.push(['zadd', key, ...pairs]);
    } else continue; // Streams and other types are not used by the app.
    const ttl = await mock.pttl(key);
    if (ttl > 0) out.push(['pexpireat', key, String(Date.now() + ttl)]);
  }
  return out;
}

function openLog(dataDir: string, compactAtBytes: number) {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'append-only.log');
  const lock = acquireLock(dataDir);
  let fd = openSync(path, 'a');
  let snapshotBytes = 0;
  /** Whether the log holds a script since its last rewrite: replayed, it runs it again. */
  let scripts = false;

  function bytes() {
    return existsSync(path) ? statSync(path).size : 0;
  }

  return {
    append(written: Command[]) {
      const t = Date.now();
      // One write call per batch, so a crash leaves at most a torn last line, which replay drops.
      writeSync(fd, written.map((c) => JSON.stringify({ t, c } satisfies LogEntry) + '\n').join(''));
      scripts ||= written.some(([name]) => name === 'eval');
    },
    holdsScripts: () => scripts,
    shouldCompact() {
      const size = bytes();
      return size > compactAtBytes && size > 2 * snapshotBytes;
    },
    rewrite(recreate: Command[]) {
      const t = Date.now();
      const temporary = `${path}.rewrite`;
      writeFileSync(temporary, recreate.map((c) => JSON.stringify({ t, c } satisfies LogEntry) + '\n').join(''));
      renameSync(temporary, path);
      closeSync(fd);
      fd = openSync(path, 'a');
      snapshotBytes = bytes();
      scripts = false;
    },
    async replay(invoke: (name: string, args: string[]) => Promise<unknown>) {
      if (!existsSync(path)) return;
      const lines = readFileSync(path, 'utf8').split('\n');
      const realNow = Date.now;
      try {
        for (const [index, line] of lines.entries()) {
          if (!line) continue;
          let entry: LogEntry;
          try {
            entry = JSON.parse(line) as LogEntry;
          } catch (error) {
            if (index >= lines.length - 2) break; // a torn final write from a crash: never acknowledged
            throw new Error(`${path}:${index + 1} is not a log entry: ${errorMessage(error)}`, { cause: error });
          }
          Date.now = () => entry.t;
          const [name = '', ...args] = canonical(entry.c);
          scripts ||= name === 'eval';
          await invoke(name, args).catch(() => undefined); // it failed the same way when first run
        }
      } finally {
        Date.now = realNow;
      }
      snapshotBytes = bytes();
    },
    close() {
      closeSync(fd);
      lock.release();
    },
  };
}

/** Refuses to share a data folder with another running local store. */
function acquireLock(dataDir: string) {
  const path = join(dataDir, 'store.pid');
  if (existsSync(path)) {
    const pid = Number(readFileSync(path, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `Another local store (pid ${pid}) is using ${dataDir}. Stop it or choose another LOCAL_STORE_DIR.`,
      );
    }
  }
  writeFileSync(path, String(process.pid));
  return {
    release() {
      if (existsSync(path) && readFileSync(path, 'utf8') === String(process.pid)) writeFileSync(path, '');
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

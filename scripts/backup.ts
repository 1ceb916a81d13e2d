// Backups of the site's data (`npm run admin -- export` and `import`): every key under KEY_PREFIX
// by its type, with its expiry, so whatever a feature stores is kept without this file naming it.
// Left out: what only counts or passes for a while (rate limits, daily counters, bot passes), the
// accounts' session ids (a restored store starts everyone signed out) and, unless asked, their
// password hashes. An import writes only into a store holding none of the site's data.
import type { Redis } from '@upstash/redis';
import { KEY_PREFIX, keys } from '../src/server/keys.ts';
import { hashReply, redis } from '../src/server/redis.ts';

export const BACKUP_FORMAT = 'site-backup';
export const BACKUP_VERSION = 1;

/** The keys that only count or pass for a while: never backed up, and no reason to refuse an import. */
export const EPHEMERAL_PREFIXES = ['rate:', 'daily:', 'bot-pass:'].map((prefix) => `${KEY_PREFIX}${prefix}`);

/** The start of every account's hash, whose `passwordHash` and `session` fields a backup leaves out. */
const USER_PREFIX = keys.user('');

type Entry =
  | { key: string; type: 'string'; value: string; expiresAt?: number }
  | { key: string; type: 'hash'; value: Record<string, string>; expiresAt?: number }
  | { key: string; type: 'set' | 'list'; value: string[]; expiresAt?: number }
  | { key: string; type: 'zset'; value: [member: string, score: number][]; expiresAt?: number };

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** When it was read (ISO 8601); each key's `expiresAt` is a time in ms since the epoch. */
  exportedAt: string;
  withPasswordHashes: boolean;
  keys: Entry[];
}

/** A backup that cannot be imported, or a store it must not be imported into. */
export class BackupRefused extends Error {}

const SCAN_COUNT = 500;

function isEphemeral(key: string): boolean {
  return EPHEMERAL_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** Scans every app key but the ephemeral ones, a batch at a time. */
async function* appKeys(client: Redis): AsyncGenerator<string[]> {
  const seen = new Set<string>(); // SCAN may return a key twice
  let cursor = '0';
  do {
    const [next, found] = await client.scan(cursor, { match: `${KEY_PREFIX}*`, count: SCAN_COUNT });
    cursor = String(next);
    const fresh = found.filter((key) => !isEphemeral(key) && !seen.has(key));
    for (const key of fresh) seen.add(key);
    if (fresh.length) yield fresh;
  } while (cursor !== '0');
}

/** Reads every app key with its type, value and expiry. */
export async function exportStore({ withPasswordHashes = false } = {}): Promise<Backup> {
  const client = redis();
  const exportedAt = Date.now();
  const entries: Entry[] = [];
  for await (const batch of appKeys(client)) {
    const types = (await batch.reduce((pipe, key) => pipe.type(key), client.pipeline()).exec()) as string[];
    const pipe = client.pipeline();
    for (const [i, key] of batch.entries()) {
      const type = types[i];
      if (type === 'string') pipe.get(key);
      else if (type === 'hash') pipe.hgetall(key);
      else if (type === 'set') pipe.smembers(key);
      else if (type === 'zset') pipe.zrange(key, 0, -1, { withScores: true });
      else if (type === 'list') pipe.lrange(key, 0, -1);
      else pipe.exists(key); // gone since the scan ('none'): a placeholder, skipped below
      pipe.pttl(key);
    }
    const replies = await pipe.exec();
    for (const [i, key] of batch.entries()) {
      const entry = entryOf(key, types[i]!, replies[2 * i], withPasswordHashes);
      const ttl = Number(replies[2 * i + 1]);
      if (entry) entries.push(ttl > 0 ? { ...entry, expiresAt: exportedAt + ttl } : entry);
    }
  }
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: new Date(exportedAt).toISOString(),
    withPasswordHashes,
    keys: entries,
  };
}

function entryOf(key: string, type: string, reply: unknown, withPasswordHashes: boolean): Entry | undefined {
  switch (type) {
    case 'string':
      return reply === null ? undefined : { key, type, value: String(reply) };
    case 'hash': {
      const value = hashReply(reply);
      if (!value) return undefined;
      if (key.startsWith(USER_PREFIX)) {
        delete value.session;
        if (!withPasswordHashes) delete value.passwordHash;
      }
      return { key, type, value };
    }
    case 'set':
    case 'list': {
      const value = (reply as unknown[]).map(String);
      // A set's members in sorted order, not the order Redis keeps them in: the same data, the same backup.
      if (type === 'set') value.sort();
      return value.length ? { key, type, value } : undefined;
    }
    case 'zset': {
      const flat = reply as unknown[];
      const value: [string, number][] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) {
        const score = Number(flat[i + 1]);
        if (!Number.isFinite(score)) throw new Error(`${key}: the score ${String(flat[i + 1])} cannot be backed up.`);
        value.push([String(flat[i]), score]);
      }
      return value.length ? { key, type, value } : undefined;
    }
    default:
      return undefined;
  }
}

/** Returns an app key the store holds (ephemeral ones aside), if any. */
export async function firstAppKey(): Promise<string | undefined> {
  for await (const batch of appKeys(redis())) return batch[0];
  return undefined;
}

export interface ImportReport {
  /** Keys written. */
  keys: number;
  /** Keys whose expiry passed since the export, so not written. */
  expired: number;
  /** Usernames of the accounts restored without a password hash: they sign in after `set-password`. */
  withoutPassword: string[];
}

/** Most items one command of an import carries, and roughly the most bytes one transaction does. */
const CHUNK_ITEMS = 500;
const BATCH_BYTES = 256 * 1024;

/**
 * An import that stopped partway: the store holds the keys it names and perhaps some of the batch
 * that failed, so another import is refused until they are deleted.
 */
export class ImportFailed extends Error {}

/**
 * Writes a backup into a store that holds none of the site's data; refuses anything else. Writes
 * in batches of about BATCH_BYTES, each a MULTI/EXEC transaction, in the backup's order; if one
 * fails, the ImportFailed says which keys are written and which may be partly.
 */
export async function importStore(backup: unknown): Promise<ImportReport> {
  const entries = checkedEntries(backup);
  const existing = await firstAppKey();
  if (existing) {
    throw new BackupRefused(
      `The store already holds the site's data (${existing}, among others perhaps): a backup is imported only into an empty store. Nothing was written.`,
    );
  }
  const client = redis();
  const now = Date.now();
  const live = entries.filter((entry) => entry.expiresAt === undefined || entry.expiresAt > now);
  const report: ImportReport = { keys: 0, expired: entries.length - live.length, withoutPassword: [] };
  let batch = client.multi();
  let bytes = 0;
  let queued = 0; // live[0, queued) have all their commands in a batch
  let written = 0; // live[0, written) are in the store
  const flush = async (current: number) => {
    if (bytes === 0) return;
    try {
      await batch.exec();
    } catch (error) {
      throw new ImportFailed(failure(live, written, current, error), { cause: error });
    }
    written = queued;
    batch = client.multi();
    bytes = 0;
  };
  for (const [i, entry] of live.entries()) {
    const chunks = chunksOf(entry);
    for (const [c, chunk] of chunks.entries()) {
      write(batch, entry, chunk);
      bytes += JSON.stringify(chunk).length;
      if (c === chunks.length - 1) {
        // The expiry goes with the last piece, so a key is whole once its batch is written.
        if (entry.expiresAt !== undefined) batch.pexpireat(entry.key, entry.expiresAt);
        queued = i + 1;
      }
      if (bytes >= BATCH_BYTES) await flush(i);
    }
    if (entry.type === 'hash' && entry.key.startsWith(USER_PREFIX) && !entry.value.passwordHash) {
      report.withoutPassword.push(entry.value.username ?? entry.key.slice(USER_PREFIX.length));
    }
  }
  await flush(live.length - 1);
  report.keys = live.length;
  return report;
}

/** What an import that failed on the batch holding live[written, current] leaves in the store. */
function failure(live: Entry[], written: number, current: number, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // An error may quote the commands, values and all: its start says enough.
  const cause = message.length > 300 ? `${message.slice(0, 300)}…` : message;
  const done =
    written === 0
      ? 'It wrote no key whole'
      : `It wrote ${written} of ${live.length} keys whole, the backup's first ones (${live[0]!.key} to ${live[written - 1]!.key})`;
  const pending = current === written ? live[written]!.key : `${live[written]!.key} to ${live[current]!.key}`;
  return [
    `The import stopped: ${cause}.`,
    `${done}; the batch that failed (${pending}) may be written, wholly or in part; the rest is not.`,
    "The store now holds part of the backup: delete the site's keys from it before importing again (an import is refused into a store that holds any).",
  ].join(' ');
}

type Transaction = ReturnType<Redis['multi']>;

/** The entry's value in pieces of at most CHUNK_ITEMS items (a string is one piece). */
function chunksOf(entry: Entry): unknown[] {
  if (entry.type === 'string') return [entry.value];
  const items = entry.type === 'hash' ? Object.entries(entry.value) : entry.value;
  const chunks: unknown[] = [];
  for (let i = 0; i < items.length; i += CHUNK_ITEMS) chunks.push(items.slice(i, i + CHUNK_ITEMS));
  return chunks;
}

function write(pipe: Transaction, entry: Entry, chunk: unknown): void {
  switch (entry.type) {
    case 'string':
      pipe.set(entry.key, chunk as string);
      break;
    case 'hash':
      pipe.hset(entry.key, Object.fromEntries(chunk as [string, string][]));
      break;
    case 'set': {
      const [first, ...rest] = chunk as string[];
      pipe.sadd(entry.key, first!, ...rest);
      break;
    }
    case 'list':
      pipe.rpush(entry.key, ...(chunk as string[]));
      break;
    case 'zset': {
      const [first, ...rest] = (chunk as [string, number][]).map(([member, score]) => ({ member, score }));
      pipe.zadd(entry.key, first!, ...rest);
      break;
    }
  }
}

/** The backup's entries, once its format, version and every entry's shape are checked. */
function checkedEntries(backup: unknown): Entry[] {
  const b = backup as Partial<Backup> | null;
  if (!b || typeof b !== 'object' || b.format !== BACKUP_FORMAT) {
    throw new BackupRefused(`This is not a backup of this site (no "format": "${BACKUP_FORMAT}").`);
  }
  if (b.version !== BACKUP_VERSION) {
    throw new BackupRefused(
      `This backup's version (${String(b.version)}) is not ${BACKUP_VERSION}, the one this version reads.`,
    );
  }
  if (!Array.isArray(b.keys)) throw new BackupRefused('This backup has no list of keys.');
  for (const entry of b.keys as unknown[]) {
    if (!isEntry(entry))
      throw new BackupRefused(`This backup holds a malformed key: ${JSON.stringify(entry)?.slice(0, 200)}`);
  }
  return b.keys;
}

function isEntry(value: unknown): value is Entry {
  const e = value as Partial<Entry> | null;
  if (!e || typeof e !== 'object' || typeof e.key !== 'string' || !e.key.startsWith(KEY_PREFIX)) return false;
  if (isEphemeral(e.key)) return false;
  if (e.expiresAt !== undefined && !Number.isFinite(e.expiresAt)) return false;
  const strings = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string');
  switch (e.type) {
    case 'string':
      return typeof e.value === 'string';
    case 'hash':
      return (
        !!e.value &&
        typeof e.value === 'object' &&
        !Array.isArray(e.value) &&
        Object.keys(e.value).length > 0 &&
        Object.values(e.value).every((v) => typeof v === 'string')
      );
    case 'set':
    case 'list':
      return strings(e.value);
    case 'zset':
      return (
        Array.isArray(e.value) &&
        e.value.length > 0 &&
        e.value.every(
          (pair) => Array.isArray(pair) && typeof pair[0] === 'string' && Number.isFinite(pair[1]) && pair.length === 2,
        )
      );
    default:
      return false;
  }
}

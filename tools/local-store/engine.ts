/** One Redis command as it arrives over the REST protocol: a name followed by its arguments. */
export type Command = string[];

/** The per-command answer the Upstash REST protocol sends back. */
export type Reply = { result: unknown } | { error: string };

/** How a batch of commands is executed. */
export type Mode = 'pipeline' | 'transaction';

/** What the HTTP front needs from a storage engine. */
export interface Engine {
  /** Human-readable description for start-up logs, e.g. where data lives. */
  readonly description: string;
  /** Runs commands in order; a transaction runs with no other client's command in between. */
  run(commands: Command[], mode: Mode): Promise<Reply[]>;
  close(): Promise<void>;
}

/** Converts an engine's raw reply into the JSON shape Redis' RESP would give over REST. */
export function normaliseResult(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (Array.isArray(value)) return value.map(normaliseResult);
  if (typeof value === 'number') {
    // RESP has no NaN or Infinity; a number the engine produced that JSON can't carry is a bug upstream.
    if (!Number.isFinite(value)) throw new Error('ERR engine returned a non-finite number');
    return value;
  }
  if (typeof value === 'object') {
    // ioredis turns HGETALL (and a few others) into objects; RESP sends a flat field/value list.
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => [k, normaliseResult(v)]);
  }
  return value;
}

/** An error reply, worded as Redis words it. */
export class RedisError extends Error {}

/** Reads the message of whatever an engine threw. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

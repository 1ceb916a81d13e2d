import { Redis } from 'ioredis';
import { type Command, type Engine, type Mode, type Reply, errorMessage, normaliseResult } from './engine.ts';

/** Connects to a real Redis and forwards raw commands to it. */
export async function createRedisEngine(url: string): Promise<Engine> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  await client.connect();
  const safeUrl = new URL(url);
  safeUrl.password = '';

  async function runPipeline(commands: Command[]): Promise<Reply[]> {
    const replies = (await client.pipeline(commands.map(([name, ...args]) => ['call', name, ...args])).exec()) ?? [];
    return replies.map(toReply);
  }

  async function runTransaction(commands: Command[]): Promise<Reply[]> {
    try {
      const replies = await client.multi(commands.map(([name, ...args]) => ['call', name, ...args])).exec();
      if (!replies) return commands.map(() => ({ error: 'EXECABORT Transaction discarded' }));
      return replies.map(toReply);
    } catch (error) {
      // A command rejected while queueing aborts the whole transaction, as EXEC does in Redis.
      const message = errorMessage(error);
      return commands.map(() => ({ error: message }));
    }
  }

  return {
    description: `Redis at ${safeUrl.host}${safeUrl.pathname}`,
    run: (commands: Command[], mode: Mode) =>
      mode === 'transaction' ? runTransaction(commands) : runPipeline(commands),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

function toReply([error, result]: [Error | null, unknown]): Reply {
  if (error) return { error: errorMessage(error) };
  try {
    return { result: normaliseResult(result) };
  } catch (conversion) {
    return { error: errorMessage(conversion) };
  }
}

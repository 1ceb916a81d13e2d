// The consoles' actions are rate limited per admin, generously for a person, in the round trip
// each action already makes. The operator's own tools (seeding, the CLI) name no admin and run
// unlimited.
import type { Pipeline } from '@upstash/redis';
import { usernameKey } from './keys.ts';
import { type RateLimit, type Write, attemptCounter, rateLimited, withinRateLimits } from './rate-limit.ts';
import { redis } from './redis.ts';
import { type LimitedScript, runCommands as runCommandsScript } from './scripts/limited.ts';

export const ADMIN_LIMIT = { bucket: 'admin-user', max: 60, windowSeconds: 600 } satisfies RateLimit;

/** The username of the admin acting, or undefined for the operator's own tools. */
export type Admin = string | undefined;

/** Runs the script, counting the admin's attempt in the same script first; over the limit nothing runs. */
export async function runAsAdmin<Keys extends string[], Args extends (string | number)[], Reply>(
  admin: Admin,
  script: LimitedScript<Keys, Args, Reply>,
  keys: Keys,
  args: Args,
): Promise<Reply> {
  if (admin === undefined) return script.plain.run(keys, args);
  const [counter, max, windowSeconds] = attemptCounter([ADMIN_LIMIT, usernameKey(admin)]);
  const [wait, reply] = await script.counted.run([counter, ...keys], [max, windowSeconds, ...args]);
  if (wait > 0) throw rateLimited(wait);
  return reply as Reply;
}

/** Runs the commands atomically within the admin's limit; answers their replies (integers). */
export function commandsAsAdmin(admin: Admin, commands: Write[]): Promise<number[]> {
  return runAsAdmin(
    admin,
    runCommandsScript,
    commands.map(([, key]) => key),
    commands.flatMap(([command, , ...rest]) => [rest.length, command, ...rest]),
  );
}

/** Runs the reads in one round trip, counting the admin's attempt in it; answers the reads' results. */
export async function readAsAdmin(admin: Admin, reads: (pipe: Pipeline<[]>) => void): Promise<unknown[]> {
  if (admin !== undefined) return withinRateLimits([[ADMIN_LIMIT, usernameKey(admin)]], reads);
  const pipe = redis().pipeline();
  reads(pipe);
  return pipe.exec();
}

// The consoles' actions are rate limited per admin, generously for a person, and check the admin's
// session (src/server/session.ts), in the one round trip each action makes. The operator's own
// tools (seeding, the CLI) pass OPERATOR and run unlimited.
import type { Pipeline } from '@upstash/redis';
import { type Operator, type SignedIn, isOperator } from './caller.ts';
import { usernameKey } from './keys.ts';
import { type RateLimit, type Write, attemptCounter, rateLimited } from './rate-limit.ts';
import { redis } from './redis.ts';
import { type LimitedScript, commandsCall, runCommands as runCommandsScript } from './scripts/limited.ts';
import { type NamedKeys, secondsToWait } from './scripts/script.ts';
import { checkedWithinRateLimits } from './session.ts';

export const ADMIN_LIMIT = { bucket: 'admin-user', max: 60, windowSeconds: 600 } satisfies RateLimit;

/**
 * Who runs a console action: the signed-in admin (their username and session check), or
 * OPERATOR for the operator's own tools.
 */
export type Admin = SignedIn | Operator;

/** Runs the script, counting the admin's attempt in the same script first; over the limit nothing runs. */
export async function runAsAdmin<Keys extends NamedKeys<string>, Args extends object, Reply>(
  admin: Admin,
  script: LimitedScript<Keys, Args, Reply>,
  keys: Keys,
  args: Args,
): Promise<Reply> {
  if (isOperator(admin)) return script.plain.run(keys, args);
  const [attempts, attemptsMax, attemptsWindow] = attemptCounter([ADMIN_LIMIT, usernameKey(admin.username)]);
  const reply = await script.counted.runChecked(
    admin.session,
    { ...keys, attempts },
    { ...args, attemptsMax, attemptsWindow },
  );
  const wait = secondsToWait(reply);
  if (wait !== undefined) throw rateLimited(wait);
  return reply as Reply;
}

/** Runs the commands atomically within the admin's limit; answers their replies (integers). */
export function commandsAsAdmin(admin: Admin, commands: Write[]): Promise<number[]> {
  return runAsAdmin(admin, runCommandsScript, ...commandsCall(commands));
}

/** Runs the reads in one round trip, counting the admin's attempt in it; answers the reads' results. */
export async function readAsAdmin(admin: Admin, reads: (pipe: Pipeline<[]>) => void): Promise<unknown[]> {
  if (isOperator(admin)) {
    const pipe = redis().pipeline();
    reads(pipe);
    return pipe.exec();
  }
  return checkedWithinRateLimits(admin.session, [[ADMIN_LIMIT, usernameKey(admin.username)]], reads);
}

// The consoles' actions are rate limited per admin, generously for a person, and check the admin's
// session (src/server/session.ts), in the one round trip each action makes. The operator's own
// tools (seeding, the CLI) pass OPERATOR and run unlimited.
import type { Pipeline } from '@upstash/redis';
import { type Operator, type SignedIn, isOperator } from './caller.ts';
import { usernameKey } from './keys.ts';
import { type RateLimit, type Write, attemptCounter, rateLimited } from './rate-limit.ts';
import { redis } from './redis.ts';
import { type LimitedScript, commandsCall, runCommands as runCommandsScript } from './scripts/limited.ts';
import { type NamedKeys, type Script, type Wait, secondsToWait } from './scripts/script.ts';

type Arg = string | number;
import { checkedWithinRateLimits } from './session.ts';

export const ADMIN_LIMIT = { bucket: 'admin-user', max: 60, windowSeconds: 600 } satisfies RateLimit;

/** Who runs a console action: the signed-in admin (their username and session check), or OPERATOR for the operator's own tools. */
export type Admin = SignedIn | Operator;

/** Runs the script, counting the admin's attempt in the same script first; over the limit nothing runs. */
export async function runAsAdmin<Keys, Args, Reply>(
  admin: Admin,
  script: LimitedScript<Keys, Args, Reply>,
  keys: Keys,
  args: Args,
): Promise<Reply> {
  if (isOperator(admin)) return script.plain.run(keys, args);
  const [attempts, attemptsMax, attemptsWindow] = attemptCounter([ADMIN_LIMIT, usernameKey(admin.username)]);
  if (Array.isArray(keys)) {
    const counted = script.counted as Script<string[], Arg[], [number, Reply?]>;
    const [wait, reply] = await counted.runChecked(
      admin.session,
      [attempts, ...keys],
      [attemptsMax, attemptsWindow, ...(args as Arg[])],
    );
    if (wait > 0) throw rateLimited(wait);
    return reply as Reply;
  }
  const counted = script.counted as Script<NamedKeys<string>, object, Reply | Wait>;
  const reply = await counted.runChecked(
    admin.session,
    { ...(keys as NamedKeys<string>), attempts },
    { ...(args as object), attemptsMax, attemptsWindow },
  );
  const wait = secondsToWait(reply);
  if (wait !== undefined) throw rateLimited(wait);
  return reply as Reply;
}

/** Runs the commands atomically within the admin's limit; answers their replies (integers). */
export async function commandsAsAdmin(admin: Admin, commands: Write[]): Promise<number[]> {
  if (commands.length === 0) return [];
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

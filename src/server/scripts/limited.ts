// Scripts that can run within a rate limit: the console's actions, limited per admin in their own
// one round trip (src/server/admin-limit.ts), and run as they are by the operator's tools.
import { COUNT_IN } from './rate-limit.ts';
import { type NamedKeys, type Script, type Wait, defineScript } from './script.ts';

type Arg = string | number;

export interface LimitedScript<Keys, Args, Reply> {
  /** The script as it is. */
  plain: Script<Keys, Args, Reply>;
  /** The script after one attempt is counted in `attempts`; over the limit it answers `Wait`, having run nothing. */
  counted: Script<Keys & NamedKeys<'attempts'>, Args & { attemptsMax: number; attemptsWindow: number }, Reply | Wait>;
}

/** Defines a script in its plain and its counted form. */
export function defineLimitedScript<KeyName extends string, Args extends object, Reply>(
  body: string,
  options?: { json?: true },
): LimitedScript<NamedKeys<KeyName>, Args, Reply> {
  return {
    plain: defineScript(body, options),
    // The body runs as a function, so its own `return`s answer from it.
    counted: defineScript(
      `${COUNT_IN}
local wait = count_in(K.attempts, A.attemptsMax, A.attemptsWindow)
if wait > 0 then return 'wait:' .. wait end
return (function()
${body}
end)()`,
      options,
    ),
  };
}

/** Runs commands atomically and answers their replies in order (a status as its text). */
export const runCommands = defineLimitedScript<'targets', { commands: string[][] }, number[]>(
  `
local replies = {}
for i, command in ipairs(A.commands) do
  local reply = redis.call(command[1], K.targets[i], unpack(command, 2))
  replies[i] = type(reply) == 'table' and reply.ok or reply
end
if #replies == 0 then return '[]' end
return cjson.encode(replies)`,
  { json: true },
);

/** runCommands' keys and arguments for these writes: `[command, key, ...arguments]` each. */
export function commandsCall(
  writes: readonly (readonly [string, string, ...Arg[]])[],
): [NamedKeys<'targets'>, { commands: string[][] }] {
  return [
    { targets: writes.map(([, key]) => key) },
    { commands: writes.map(([command, , ...rest]) => [command, ...rest.map(String)]) },
  ];
}

// Scripts that can run within a rate limit: the console's actions, limited per admin in their own
// one round trip (src/server/admin-limit.ts), and run as they are by the operator's tools.
import { COUNT_ATTEMPT, COUNT_IN } from './rate-limit.ts';
import { type NamedKeys, type Script, type Wait, defineScript } from './script.ts';

type Arg = string | number;

/** The key and arguments the counted form of a named script adds. */
export type CountedKeys<KeyName extends string> = NamedKeys<KeyName | 'attempts'>;
export type CountedArgs<Args> = Args & { attemptsMax: number; attemptsWindow: number };

export interface LimitedScript<Keys, Args, Reply> {
  /** The script as it is. */
  plain: Script<Keys, Args, Reply>;
  /** The script after one attempt is counted in `attempts`; over the limit it answers `Wait`, having run nothing. */
  counted: Keys extends unknown[]
    ? Script<[counter: string, ...Keys], [max: number, windowSeconds: number, ...(Args & Arg[])], [number, Reply?]>
    : Script<Keys & NamedKeys<'attempts'>, CountedArgs<Args>, Reply | Wait>;
}

/** Defines a script in its plain and its counted form. */
export function defineLimitedScript<KeyName extends string, Args extends object, Reply>(
  body: string,
  options?: { json?: true },
): LimitedScript<NamedKeys<KeyName>, Args, Reply>;
export function defineLimitedScript<Keys extends string[], Args extends Arg[], Reply>(
  body: string,
): LimitedScript<Keys, Args, Reply>;
export function defineLimitedScript(body: string, options?: { json?: true }): LimitedScript<unknown, unknown, unknown> {
  // The body runs as a function, so its own `return`s answer from it.
  const named = defineScript<string, object, unknown>(
    `${COUNT_IN}
local wait = count_in(K.attempts, A.attemptsMax, A.attemptsWindow)
if wait > 0 then return 'wait:' .. wait end
return (function()
${body}
end)()`,
    options,
  );
  const positional = defineScript<string[], Arg[], unknown>(`${COUNT_ATTEMPT}
local wait = count_attempt()
if wait > 0 then return {wait} end
local KEYS, ARGV = {unpack(KEYS, 2)}, {unpack(ARGV, 3)}
return {0, (function()
${body}
end)()}`);
  const pick = (keys: unknown) => (Array.isArray(keys) ? positional : named) as Script<unknown, unknown, unknown>;
  return {
    plain: defineScript(body, options) as Script<unknown, unknown, unknown>,
    counted: {
      lua: body,
      run: (keys, args) => pick(keys).run(keys, args),
      runChecked: (check, keys, args) => pick(keys).runChecked(check, keys, args),
    },
  } as LimitedScript<unknown, unknown, unknown>;
}

/** Runs commands atomically and answers their replies in order (a status as its text). */
export const runCommands = defineLimitedScript<'targets', { commands: string[][] }, number[]>(
  `
local replies = {}
for i, command in ipairs(A.commands) do
  local reply = redis.call(command[1], K.targets[i], unpack(command, 2))
  replies[i] = type(reply) == 'table' and reply.ok or reply
end
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

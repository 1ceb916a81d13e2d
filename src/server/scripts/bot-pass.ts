// The Lua a script starts with when its work spends the request's bot pass (src/server/captcha.ts).

/**
 * Lua defining `spend_pass(key, seconds)`: marks the pass used (`key`, set once for `seconds`),
 * answering false when it has served a request already; while the check is off (`seconds` 0) it
 * writes nothing and answers true.
 */
export const SPEND_PASS = `
local function spend_pass(key, seconds)
  return seconds == 0 or redis.call('SET', key, 1, 'NX', 'EX', seconds) ~= false
end
`;

/** The key and argument a script starting with SPEND_PASS takes: `spend_pass(K.pass, A.passSeconds)`. */
export interface PassSpend {
  keys: { pass: string };
  args: { passSeconds: number };
}

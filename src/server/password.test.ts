import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyAgainstDecoy, verifyPassword } from './password.ts';

/** A hash as the first wave stored them: N=2^14, OWASP's old minimum. */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('password hashing', () => {
  it('stores scrypt parameters, a salt and the hash, never the password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(stored).not.toContain('correct horse');
  });

  it('salts every hash, so equal passwords hash differently', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('verifies the right password and refuses a wrong one, a near miss and a malformed hash', async () => {
    const stored = await hashPassword('Zoë’s password');
    expect(await verifyPassword('Zoë’s password', stored)).toBe(true);
    expect(await verifyPassword('Zoë’s passworD', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(await verifyPassword('Zoë’s password', 'plain-text')).toBe(false);
    expect(await verifyPassword('Zoë’s password', stored.replace(/\$[^$]+$/, '$AAAA'))).toBe(false);
  });

  it('treats canonically equal Unicode spellings as the same password', async () => {
    const stored = await hashPassword('caf\u00e9 au lait');
    expect(await verifyPassword('cafe\u0301 au lait', stored)).toBe(true);
  });

  it("uses OWASP's current parameters and tells a weaker hash to be upgraded", async () => {
    const old = legacyHash('an old password');
    expect(await verifyPassword('an old password', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('a new password'))).toBe(false);
    expect(needsRehash('plain-text')).toBe(true);
  });

  it('refuses a stored hash whose parameters are out of bounds instead of spending them', async () => {
    const stored = await hashPassword('bounded');
    expect(await verifyPassword('bounded', stored.replace('$131072$', '$1048576$'))).toBe(false);
  });

  it('spends a verification on the decoy and always refuses', async () => {
    const started = performance.now();
    expect(await verifyAgainstDecoy('anything')).toBe(false);
    expect(performance.now() - started).toBeGreaterThan(10);
  });
});

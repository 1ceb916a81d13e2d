import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isolateEnv } from '../../tests/setup/isolated-env.ts';
import {
  PASSWORD_PARAMS,
  hashParams,
  hashPassword,
  needsRehash,
  verifyAgainstDecoy,
  verifyPassword,
} from './password.ts';

/** A hash as the first wave stored them: N=2^14, OWASP's old minimum. */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

// Salting, verifying and reading hashes at the tests' low cost (vitest.config.ts); what production
// spends, below, at OWASP's.
describe('password hashing', () => {
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

  it('refuses a stored hash whose parameters are out of bounds instead of spending them', async () => {
    const stored = await hashPassword('bounded');
    expect(await verifyPassword('bounded', stored.replace(/^scrypt\$\d+\$/, 'scrypt$1048576$'))).toBe(false);
  });
});

describe("production's parameters", () => {
  isolateEnv(['PASSWORD_SCRYPT_N']);
  isolateEnv(['APP_ENV'], { clear: false });

  it("are OWASP's, whatever PASSWORD_SCRYPT_N says", () => {
    expect(PASSWORD_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(hashParams()).toEqual(PASSWORD_PARAMS);
    process.env.APP_ENV = 'production';
    process.env.PASSWORD_SCRYPT_N = '1024';
    expect(hashParams()).toEqual(PASSWORD_PARAMS);
  });

  it('are lowered by PASSWORD_SCRYPT_N on a local run, to a power of two below them only', () => {
    process.env.APP_ENV = 'local';
    process.env.PASSWORD_SCRYPT_N = '1024';
    expect(hashParams()).toEqual({ N: 1024, r: 8, p: 1 });
    for (const nonsense of ['1000', '1', String(2 ** 18), 'cheap', '']) {
      process.env.PASSWORD_SCRYPT_N = nonsense;
      expect(hashParams()).toEqual(PASSWORD_PARAMS);
    }
  });

  it('are stored with the salt and the hash, never the password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(stored).not.toContain('correct horse');
    expect(needsRehash(stored)).toBe(false);
    // A lowered cost reads it as it is (a local store restored from production's backup).
    process.env.PASSWORD_SCRYPT_N = '1024';
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(false);
  });

  it("tell a weaker hash to be upgraded, which still verifies: an old one, or one made at the tests' cost", async () => {
    const old = legacyHash('an old password');
    expect(await verifyPassword('an old password', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash('plain-text')).toBe(true);
    process.env.PASSWORD_SCRYPT_N = '1024';
    const cheap = await hashPassword('a test password');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(needsRehash(cheap)).toBe(false);
    delete process.env.PASSWORD_SCRYPT_N;
    expect(await verifyPassword('a test password', cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
  });

  it('are what the decoy spends, and it always refuses', async () => {
    const started = performance.now();
    expect(await verifyAgainstDecoy('anything')).toBe(false);
    expect(performance.now() - started).toBeGreaterThan(10);
  });

  it('are what an unusable stored hash spends too, as an unknown username does', async () => {
    for (const unusable of ['', 'plain-text', 'scrypt$1048576$8$1$AAAA$AAAA']) {
      const started = performance.now();
      expect(await verifyPassword('anything', unusable)).toBe(false);
      expect(performance.now() - started, unusable).toBeGreaterThan(10);
    }
  });
});

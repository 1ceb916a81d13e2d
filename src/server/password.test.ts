import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('stores scrypt parameters, a salt and the hash, never the password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
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

  it('spends a verification on the decoy and always refuses', async () => {
    const started = performance.now();
    expect(await verifyAgainstDecoy('anything')).toBe(false);
    expect(performance.now() - started).toBeGreaterThan(10);
  });
});

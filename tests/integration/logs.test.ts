// The server's log never holds what visitors entrust to it: passwords, password hashes, emails or
// message texts, even when a store command that carried them fails.
import { describe, expect, it, vi } from 'vitest';
import register from '../../netlify/functions/auth-register.mts';
import { redact } from '../../src/server/log.ts';
import { call, uniqueName } from './request.ts';

/** Makes the store refuse every request that runs a script, answering the rest. */
function failScripts() {
  const storeUrl = process.env.UPSTASH_REDIS_REST_URL!;
  const realFetch = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith(storeUrl) && /^\[\[?"eval/i.test(String(init?.body))) {
      // Upstash refusing the whole request, as it does over a plan's limits: the client's error then
      // quotes everything the request sent.
      return new Response(JSON.stringify({ error: 'ERR max daily request limit exceeded' }), { status: 400 });
    }
    return realFetch(input, init);
  });
}

describe('the log of a failing request', () => {
  it('names the failure but holds no password, hash, email or name from the request', async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void logged.push(parts.join(' ')));
    failScripts();
    const password = 'my secret passphrase';
    const result = await call(register, {
      body: {
        username: uniqueName('logged'),
        password,
        firstName: 'Ottilie',
        lastName: 'Quist',
        email: 'ottilie@example.com',
      },
    });
    expect(result.status).toBe(500);

    const log = logged.join('\n');
    expect(log).toMatch(/unexpected error on POST/);
    expect(log).toMatch(/max daily request limit exceeded/);
    for (const secret of [password, 'scrypt$', 'ottilie@example.com', 'Ottilie', 'Quist']) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts quoted commands and email addresses from any line', () => {
    expect(redact('ERR boom, command was: ["hset","k","email","a@b.co"]\n    at x')).toBe(
      'ERR boom, command not logged\n    at x',
    );
    expect(redact('Resend refused the mail (422): Invalid `to` field: ada.l@example.org')).toBe(
      'Resend refused the mail (422): Invalid `to` field: [email]',
    );
  });
});

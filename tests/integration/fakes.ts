// Test doubles shared by the integration suites: the fake Resend behind the real resend client,
// and session tokens for users of any clearance.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { usernameKey } from '../../src/server/keys.ts';
import { signUserToken } from '../../src/server/token.ts';
import { type FakeResend, startFakeResend } from '../../tools/fake-resend/server.ts';
import { isolateEnv } from '../setup/isolated-env.ts';

export const MAIL_FROM = 'Site <mail@example.net>';
export const OWNER_ADDRESS = 'owner@example.net';

/** Starts a fake Resend for the file and points mail at it before each test (healed, configured). */
export function useFakeResend(): () => FakeResend {
  let resend: FakeResend | undefined;
  beforeAll(async () => {
    resend = await startFakeResend();
  });
  afterAll(() => resend?.close());
  isolateEnv(['RESEND_API_KEY', 'RESEND_BASE_URL', 'MAIL_FROM', 'CONTACT_TO']);
  beforeEach(() => {
    process.env.RESEND_API_KEY = resend!.apiKey;
    process.env.RESEND_BASE_URL = resend!.url;
    process.env.MAIL_FROM = MAIL_FROM;
    process.env.CONTACT_TO = OWNER_ADDRESS;
    resend!.failWith(null);
  });
  return () => resend!;
}

/** Signs a session token for `username` with the given clearance, as login would. */
export function tokenFor(username: string, clearance: number): Promise<string> {
  return signUserToken(usernameKey(username), { username, firstName: '', lastName: '', email: '', clearance });
}

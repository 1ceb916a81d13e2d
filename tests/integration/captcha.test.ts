// verify-recaptcha against a local stand-in for Google's siteverify.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isolateEnv } from '../setup/isolated-env.ts';
import verify from '../../netlify/functions/verify-recaptcha.mts';
import { call } from './request.ts';

let answer: object = {};
let received: URLSearchParams | undefined;
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received = new URLSearchParams(body);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

isolateEnv(['RECAPTCHA_SECRET_KEY', 'RECAPTCHA_VERIFY_URL', 'RECAPTCHA_MIN_SCORE', 'APP_ENV'], { clear: false });

function useFake(reply: object) {
  answer = reply;
  process.env.RECAPTCHA_SECRET_KEY = 'test-secret';
  process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
}

describe('POST /api/verify-recaptcha', () => {
  it('approves a successful check for an expected action with a good score, sending secret, token and address', async () => {
    useFake({ success: true, action: 'login', score: 0.9 });
    const result = await call(verify, { body: { recaptchaToken: 'token-from-browser' }, address: '203.0.113.9' });
    expect(result.body).toEqual({ actionApproved: true, message: 'Verified.' });
    expect(Object.fromEntries(received!)).toEqual({
      secret: 'test-secret',
      response: 'token-from-browser',
      remoteip: '203.0.113.9',
    });
    useFake({ success: true, action: 'submit', score: 0.5 });
    expect((await call(verify, { body: { recaptchaToken: 't' } })).body.actionApproved).toBe(true);
  });

  it('refuses a low score, honouring a configured threshold', async () => {
    useFake({ success: true, action: 'login', score: 0.3 });
    const result = await call(verify, { body: { recaptchaToken: 't' } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      actionApproved: false,
      message: 'The bot check could not tell you from a bot. Please try again later.',
    });
    process.env.RECAPTCHA_MIN_SCORE = '0.2';
    expect((await call(verify, { body: { recaptchaToken: 't' } })).body.actionApproved).toBe(true);
  });

  it('refuses a token made for another action, a failed check and a missing token', async () => {
    useFake({ success: true, action: 'checkout', score: 0.9 });
    expect((await call(verify, { body: { recaptchaToken: 't' } })).body.actionApproved).toBe(false);
    useFake({ success: false, 'error-codes': ['invalid-input-response'] });
    expect((await call(verify, { body: { recaptchaToken: 't' } })).body).toEqual({
      actionApproved: false,
      message: 'The bot check failed. Please try again.',
    });
    expect((await call(verify, { body: {} })).body.actionApproved).toBe(false);
  });

  it('answers 503 with a clear message when the service is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useFake({});
    process.env.RECAPTCHA_VERIFY_URL = 'http://127.0.0.1:9/siteverify';
    const result = await call(verify, { body: { recaptchaToken: 't' } });
    expect(result.status).toBe(503);
    expect(result.body.error).toBe('The bot check service could not be reached. Please try again later.');
  });

  it('without a secret: approves, saying so, in local and test runs; refuses in production', async () => {
    delete process.env.RECAPTCHA_SECRET_KEY;
    expect((await call(verify, { body: { recaptchaToken: '' } })).body).toEqual({
      actionApproved: true,
      message: 'The bot check is disabled on this server.',
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    delete process.env.APP_ENV;
    const production = await call(verify, { body: { recaptchaToken: 't' } });
    expect(production.status).toBe(503);
    expect(production.body.error).toBe('The bot check is not configured on this server.');
  });
});

// verify-recaptcha against a local stand-in for Google's siteverify.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isolateEnv } from '../setup/isolated-env.ts';
import askAi from '../../netlify/functions/chatbot-ask.mts';
import createCartItem from '../../netlify/functions/shop-create-cart-item.mts';
import cartItems from '../../netlify/functions/shop-get-cart-items.mts';
import submitOrder from '../../netlify/functions/shop-submit-order.mts';
import login from '../../netlify/functions/auth-login.mts';
import contact from '../../netlify/functions/contact-send.mts';
import register from '../../netlify/functions/auth-register.mts';
import verify from '../../netlify/functions/verify-recaptcha.mts';
import pollVote from '../../netlify/functions/poll-create-vote.mts';
import schedulingComment from '../../netlify/functions/scheduling-comment.mts';
import schedulingVote from '../../netlify/functions/scheduling-vote.mts';
import { createPoll } from '../../src/features/scheduling/organising/service.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { createAccount } from '../../src/features/auth/service.server.ts';
import { BOT_CHECK_NOT_CONFIGURED, BOT_PASS_SECONDS, LIMITS, PASS_USED } from '../../src/server/captcha.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../tools/fake-openai/server.ts';
import { features, poll } from '../site-config.ts';
import { newPollForm, tokenFor } from './fakes.ts';
import { call, newAddress, uniqueName } from './request.ts';

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

isolateEnv(
  ['RECAPTCHA_SECRET_KEY', 'RECAPTCHA_VERIFY_URL', 'RECAPTCHA_MIN_SCORE', 'APP_ENV', 'OPENAI_BASE_URL', 'BOT_CHECK'],
  { clear: false },
);

function useFake(reply: object) {
  answer = reply;
  process.env.RECAPTCHA_SECRET_KEY = 'test-secret';
  process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
}

describe('POST /api/verify-recaptcha', () => {
  it('approves a successful check for an expected action with a good score, sending secret, token and address', async () => {
    useFake({ success: true, action: 'login', score: 0.9, hostname: 'localhost' });
    const result = await call(verify, { body: { recaptchaToken: 'token-from-browser' }, address: '203.0.113.9' });
    expect(result.body).toMatchObject({ actionApproved: true, message: 'Verified.' });
    expect(result.body.botPass).toEqual(expect.any(String));
    expect(Object.fromEntries(received!)).toEqual({
      secret: 'test-secret',
      response: 'token-from-browser',
      remoteip: '203.0.113.9',
    });
    useFake({ success: true, action: 'submit', score: 0.5, hostname: 'localhost' });
    expect((await call(verify, { body: { recaptchaToken: 't' } })).body.actionApproved).toBe(true);
  });

  it('refuses a low score, honouring a configured threshold', async () => {
    useFake({ success: true, action: 'login', score: 0.3, hostname: 'localhost' });
    const result = await call(verify, { body: { recaptchaToken: 't' } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      actionApproved: false,
      message: 'The bot check could not tell you from a bot. Please try again later.',
    });
    expect(result.body.botPass).toBeUndefined();
    process.env.RECAPTCHA_MIN_SCORE = '0.2';
    expect((await call(verify, { body: { recaptchaToken: 't' } })).body.actionApproved).toBe(true);
  });

  it('refuses a token made for another action, a failed check and a missing token', async () => {
    useFake({ success: true, action: 'checkout', score: 0.9, hostname: 'localhost' });
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
    expect(production.body.error).toBe(BOT_CHECK_NOT_CONFIGURED);
    expect(production.body.error).toContain('RECAPTCHA_SECRET_KEY');
  });

  it('switched off (BOT_CHECK=off): approves in production, saying so, and asks Google nothing, even with a secret', async () => {
    delete process.env.APP_ENV;
    delete process.env.RECAPTCHA_SECRET_KEY;
    process.env.BOT_CHECK = 'off';
    const expected = { actionApproved: true, message: 'The bot check is switched off on this server.' };
    expect((await call(verify, { body: { recaptchaToken: '' } })).body).toEqual(expected);
    useFake({ success: false });
    received = undefined;
    expect((await call(verify, { body: { recaptchaToken: 't' } })).body).toEqual(expected);
    expect(received).toBeUndefined();
  });
});

describe('the bot pass: the actions that cost money or make accounts require a passed check', () => {
  let model: FakeOpenAi;
  beforeAll(async () => {
    model = await startFakeOpenAi();
  });
  afterAll(() => model.close());

  const password = 'a-long-password';
  /** A bot pass for `action` from `address`, as the browser gets one before its request. */
  async function passFor(action: string, address: string, hostname = 'localhost'): Promise<string> {
    useFake({ success: true, action, score: 0.9, hostname });
    const verdict = await call(verify, { body: { recaptchaToken: 't', action }, address });
    expect(verdict.body.actionApproved).toBe(true);
    return String(verdict.body.botPass);
  }

  /**
   * Each guarded endpoint, the action its pass is for, and a request it would otherwise accept; a
   * switched-off feature's are left out (they answer 404 to everyone).
   */
  const all = [
    {
      name: 'login',
      action: 'login',
      request: async () => {
        const username = uniqueName('pass');
        await createAccount({ username, password, firstName: '', lastName: '', email: '' }, 1);
        return { handler: login, body: { username, password } };
      },
    },
    {
      name: 'register',
      action: 'login',
      request: async () => ({ handler: register, body: { username: uniqueName('pass'), password } }),
    },
    {
      name: 'chatbot-ask',
      on: features.chatbot,
      action: 'submit',
      request: async () => {
        process.env.OPENAI_BASE_URL = model.url;
        return { handler: askAi, body: { userQuestion: 'Hello?', userSystemChoice: '' } };
      },
    },
    {
      name: 'contact-send',
      action: 'contact',
      request: async () => ({
        handler: contact,
        body: { senderEmail: 'a@example.com', emailSubject: 'Hi', emailText: 'Hello.' },
      }),
    },
    {
      name: 'shop-submit-order',
      on: features.shop,
      action: 'login',
      request: async () => {
        const username = uniqueName('buyer');
        await createAccount({ username, password, firstName: '', lastName: '', email: '' }, 1);
        const token = await tokenFor(username, 1);
        const line = { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1, username };
        expect((await call(createCartItem, { token, body: line })).status).toBe(200);
        const cart = await call(cartItems, { token, body: { username } });
        return {
          handler: submitOrder,
          token,
          body: { username, orderList: cart.body.cartItems, email: 'b@example.com' },
        };
      },
    },
  ] as const;
  const guarded = all.filter((entry) => !('on' in entry) || entry.on);

  it.each(guarded)(
    '$name refuses without a pass, with a pass for another action or address, and accepts its own',
    async ({ action, request }) => {
      const address = newAddress();
      const { handler, body, ...rest } = await request();
      const token = 'token' in rest ? rest.token : undefined;
      const send = (botPass?: string, from = address) =>
        call(handler, { body, token, address: from, headers: botPass ? { 'X-Bot-Pass': botPass } : {} });

      useFake({});
      const none = await send();
      expect(none.status, JSON.stringify(none.body)).toBe(403);
      expect(none.body.error).toBe('Please complete the bot check first.');
      const other = action === 'submit' ? 'login' : 'submit';
      expect((await send(await passFor(other, address))).status).toBe(403);
      expect((await send(await passFor(action, newAddress()))).status).toBe(403);
      expect((await send('not.a.pass')).body.error).toBe('The bot check was not passed for this. Please try again.');

      const pass = await passFor(action, address);
      const accepted = await send(pass);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      // One request per pass: the same pass again is refused, whatever the request.
      expect(await send(pass)).toMatchObject({ status: 403, body: { error: PASS_USED } });
    },
  );

  it.skipIf(!features.chatbot)('refuses a pass once it is older than its lifetime', async () => {
    const address = newAddress();
    const { handler, body } = await all[2].request();
    const pass = await passFor('submit', address);
    vi.useFakeTimers({ now: Date.now() + (BOT_PASS_SECONDS + 5) * 1000, toFake: ['Date'] });
    try {
      const late = await call(handler, { body, address, headers: { 'X-Bot-Pass': pass } });
      expect(late.status).toBe(403);
      expect(late.body.error).toBe('The bot check has expired. Please try again.');
    } finally {
      vi.useRealTimers();
    }
  });

  it.skipIf(!features.scheduling)(
    "asks a pass of a name new to a poll's voters and of a guest's comment, not of a returning voter or a member",
    async () => {
      const { poll } = await createPoll(OPERATOR, newPollForm());
      const address = newAddress();
      useFake({ success: true, action: 'vote', score: 0.9, hostname: 'localhost' }); // the check on
      const username = `anon_${uniqueName('Guest')}`;
      const answer = (fields: Record<string, unknown>, botPass?: string) =>
        call(schedulingVote, {
          address,
          body: { pollId: poll.id, optionId: poll.options[0]!.id, username, answer: 'yes', ...fields },
          headers: botPass ? { 'X-Bot-Pass': botPass } : {},
        });
      expect(await answer({})).toMatchObject({ status: 403, body: { error: 'Please complete the bot check first.' } });
      expect((await answer({}, await passFor('contact', address))).status).toBe(403); // another action's
      const pass = await passFor('vote', address);
      const first = await answer({}, pass);
      expect(first.status).toBe(200);
      // The pass served its request; the name, now claimed, goes on with its secret alone.
      expect(await answer({ username: `anon_${uniqueName('Other')}` }, pass)).toMatchObject({
        status: 403,
        body: { error: PASS_USED },
      });
      const secret = String(first.body.claimSecret);
      expect((await answer({ claimSecret: secret, optionId: poll.options[1]!.id })).status).toBe(200);
      expect((await answer({ claimSecret: secret, answer: 'none' })).status).toBe(200);
      // A member's vote and comment need none; a guest's comment does.
      const member = uniqueName('member');
      const token = await tokenFor(member, 1);
      const memberVote = await call(schedulingVote, {
        token,
        address,
        body: { pollId: poll.id, optionId: poll.options[0]!.id, username: member, answer: 'yes' },
      });
      expect(memberVote.status).toBe(200);
      const say = (botPass?: string, byToken?: string) =>
        call(schedulingComment, {
          token: byToken,
          address,
          body: { pollId: poll.id, text: 'Hello', name: 'Guest' },
          headers: botPass ? { 'X-Bot-Pass': botPass } : {},
        });
      expect((await say()).status).toBe(403);
      const commentPass = await passFor('vote', address);
      const commented = await say(commentPass);
      expect(commented.status, JSON.stringify(commented.body)).toBe(200);
      expect(await say(commentPass)).toMatchObject({ status: 403, body: { error: PASS_USED } });
      expect((await say(undefined, token)).status).toBe(200);
    },
  );

  it.skipIf(!features.poll || poll.closed === true)(
    "asks a pass of a guest's vote on the one-question poll, not of a member's",
    async () => {
      const address = newAddress();
      useFake({ success: true, action: 'vote', score: 0.9, hostname: 'localhost' }); // the check on
      const vote = (name: string, botPass?: string, token?: string) =>
        call(pollVote, {
          token,
          address,
          body: { name, question: 0, vote: ['0'] },
          headers: botPass ? { 'X-Bot-Pass': botPass } : {},
        });
      const name = `Guest ${uniqueName('g')}`;
      expect(await vote(name)).toMatchObject({ status: 403, body: { error: 'Please complete the bot check first.' } });
      expect((await vote(name, await passFor('contact', address))).status).toBe(403); // another action's
      const pass = await passFor('vote', address);
      expect(await vote(name, pass)).toMatchObject({ status: 200, body: { status: 'Success' } });
      // One vote per pass: another name with the same pass is refused.
      expect(await vote(`Guest ${uniqueName('h')}`, pass)).toMatchObject({ status: 403, body: { error: PASS_USED } });
      const member = uniqueName('member');
      expect((await vote('', undefined, await tokenFor(member, 1))).status).toBe(200);
    },
  );

  it('refuses a check made on another site or for another action than the page asked', async () => {
    useFake({ success: true, action: 'login', score: 0.9, hostname: 'evil.example' });
    expect((await call(verify, { body: { recaptchaToken: 't' } })).body).toEqual({
      actionApproved: false,
      message: 'The bot check was for another page. Please try again.',
    });
    useFake({ success: true, action: 'login', score: 0.9, hostname: 'localhost' });
    expect((await call(verify, { body: { recaptchaToken: 't', action: 'submit' } })).body.actionApproved).toBe(false);
  });

  it('needs no pass with the check off in a local run, and refuses in production', async () => {
    delete process.env.RECAPTCHA_SECRET_KEY;
    const { handler, body } = await all[1].request();
    expect((await call(handler, { body })).status).toBe(200);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    delete process.env.APP_ENV;
    expect((await call(handler, { body: { ...body, username: uniqueName('pass') } })).status).toBe(503);
  });

  it.each(guarded)(
    '$name: in production without a secret answers 503 naming RECAPTCHA_SECRET_KEY',
    async ({ request }) => {
      const { handler, body, ...rest } = await request();
      const token = 'token' in rest ? rest.token : undefined;
      delete process.env.RECAPTCHA_SECRET_KEY;
      delete process.env.APP_ENV;
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const refused = await call(handler, { body, token });
      expect(refused.status).toBe(503);
      expect(refused.body.error).toBe(BOT_CHECK_NOT_CONFIGURED);
    },
  );

  it.each(guarded)('$name: in production with BOT_CHECK=off works without a pass', async ({ request }) => {
    const { handler, body, ...rest } = await request();
    const token = 'token' in rest ? rest.token : undefined;
    delete process.env.RECAPTCHA_SECRET_KEY;
    delete process.env.APP_ENV;
    process.env.BOT_CHECK = 'off';
    const accepted = await call(handler, { body, token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });

  it('limits the checks one address may ask for', async () => {
    useFake({ success: true, action: 'login', score: 0.9, hostname: 'localhost' });
    const address = newAddress();
    for (let i = 0; i < LIMITS.checksPerAddress.max; i++) {
      expect((await call(verify, { body: { recaptchaToken: 't' }, address })).status).toBe(200);
    }
    const limited = await call(verify, { body: { recaptchaToken: 't' }, address });
    expect(limited.status).toBe(429);
    expect((await call(verify, { body: { recaptchaToken: 't' } })).status).toBe(200);
  });
});

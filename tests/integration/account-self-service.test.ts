// What a person does with their own account, without the owner: verify and change its email, its
// name and password, reset a forgotten password by a mailed link, and delete it. Each through the
// functions, with mail going to the fake Resend.
import type { Context } from '@netlify/functions';
import { describe, expect, it } from 'vitest';
import account from '../../netlify/functions/auth-account.mts';
import confirmEmailLink from '../../netlify/functions/email-confirm.mts';
import deleteAccount from '../../netlify/functions/auth-account-delete.mts';
import details from '../../netlify/functions/auth-account-details.mts';
import emailChange from '../../netlify/functions/auth-account-email.mts';
import login from '../../netlify/functions/auth-login.mts';
import passwordChange from '../../netlify/functions/auth-account-password.mts';
import register from '../../netlify/functions/auth-register.mts';
import reset from '../../netlify/functions/auth-password-reset.mts';
import resetConfirm from '../../netlify/functions/auth-password-reset-confirm.mts';
import { LIMITS, RESET_USED, WRONG_PASSWORD } from '../../src/features/auth/service.server.ts';
import { keys, usernameKey } from '../../src/server/keys.ts';
import { LINK_TEXT, signMailLink } from '../../src/server/mail-address.ts';
import { RESETS_PER_ADDRESS } from '../../src/server/mail.ts';
import { redis } from '../../src/server/redis.ts';
import { verifyUserToken } from '../../src/server/token.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { useFakeResend } from './fakes.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName } from './request.ts';

const fakeResend = useFakeResend();
isolateEnv(['SITE_URL']);

const password = 'correct horse battery';

/** The link of `purpose` in the newest mail to `address`. */
function linkIn(address: string, purpose: 'confirm' | 'reset'): string {
  const mail = fakeResend()
    .sent.filter((sent) => sent.to === address)
    .at(-1);
  const token = new RegExp(`/email/\\?${purpose}=(\\S+)`).exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no ${purpose} link to ${address}`);
  return token;
}

/** A new account with an email; its holder follows the link registration mailed unless `verified` is false. */
async function member({ verified = true } = {}) {
  process.env.SITE_URL = 'https://site.example';
  const username = uniqueName('self');
  const email = `${username}@example.com`;
  const made = await call(register, { body: { username, password, firstName: 'Ada', lastName: 'Lovelace', email } });
  expect(made.status).toBe(200);
  if (verified) {
    const followed = await call(confirmEmailLink, { body: { token: linkIn(email, 'confirm') } });
    expect(followed.body).toMatchObject({ address: email, account: 'verified' });
  }
  return { username, email, token: String(made.body.user) };
}

const read = async (token: string) => (await call(account, { method: 'GET', token })).body;

describe("the account's email", () => {
  it('is verified by the link registration mails, and shows so', async () => {
    const ada = await member({ verified: false });
    expect((await read(ada.token)).user).toMatchObject({ email: ada.email, emailVerified: false });
    await call(confirmEmailLink, { body: { token: linkIn(ada.email, 'confirm') } });
    expect((await read(ada.token)).user).toMatchObject({ email: ada.email, emailVerified: true });
  });

  it('changes only once the new address follows its link; the account then reads it, verified, with a fresh token', async () => {
    const ada = await member();
    const next = `${uniqueName('next')}@example.com`;
    expect(await call(emailChange, { token: ada.token, body: { email: next } })).toMatchObject({
      status: 200,
      body: { asked: 'sent' },
    });
    expect((await read(ada.token)).user).toMatchObject({ email: ada.email, emailVerified: true });
    const followed = await call(confirmEmailLink, { body: { token: linkIn(next, 'confirm') } });
    expect(followed.body).toMatchObject({ address: next, account: 'verified' });
    const after = await read(ada.token);
    expect(after.user).toMatchObject({ email: next, emailVerified: true });
    expect(await verifyUserToken(String(after.token))).toMatchObject({ email: next });
    // Its own address again is refused; an invalid one too.
    expect((await call(emailChange, { token: ada.token, body: { email: next.toUpperCase() } })).status).toBe(400);
    expect((await call(emailChange, { token: ada.token, body: { email: 'not an address' } })).status).toBe(400);
  });
});

describe('names and password', () => {
  it('sets the first and last name, answering a token that carries them', async () => {
    const ada = await member();
    const changed = await call(details, { token: ada.token, body: { firstName: ' Augusta ', lastName: 'King' } });
    expect(changed.status).toBe(200);
    expect(await verifyUserToken(String(changed.body.user))).toMatchObject({ firstName: 'Augusta', lastName: 'King' });
    expect((await read(ada.token)).user).toMatchObject({ firstName: 'Augusta', lastName: 'King' });
    const control = await call(details, { token: ada.token, body: { firstName: 'A\u0007', lastName: '' } });
    expect(control.status).toBe(400);
  });

  it('changes the password given the current one; every other session ends, this browser goes on', async () => {
    const ada = await member();
    const elsewhere = String((await call(login, { body: { username: ada.username, password } })).body.user);
    const wrong = await call(passwordChange, {
      token: ada.token,
      body: { current: 'not it at all', password: 'a new long one' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: WRONG_PASSWORD } });
    const changed = await call(passwordChange, {
      token: ada.token,
      body: { current: password, password: 'a new long one' },
    });
    expect(changed.status).toBe(200);
    expect((await call(account, { method: 'GET', token: String(changed.body.user) })).status).toBe(200);
    expect((await call(account, { method: 'GET', token: elsewhere })).status).toBe(401);
    expect((await call(account, { method: 'GET', token: ada.token })).status).toBe(401);
    expect((await call(login, { body: { username: ada.username, password } })).status).toBe(401);
    expect((await call(login, { body: { username: ada.username, password: 'a new long one' } })).status).toBe(200);
  });

  it(`holds password checks to ${LIMITS.passwordChecksPerAccount.max} in ${LIMITS.passwordChecksPerAccount.windowSeconds / 60} minutes per account`, async () => {
    const ada = await member();
    const guess = () => call(deleteAccount, { token: ada.token, body: { password: 'a wrong guess' } });
    for (let i = 0; i < LIMITS.passwordChecksPerAccount.max; i++) expect((await guess()).status).toBe(400);
    expect((await guess()).status).toBe(429);
  });
});

describe('a forgotten password', () => {
  it('is reset by a single-use link mailed to the verified email; the answer never says whether the name exists', async () => {
    const ada = await member();
    const asked = await call(reset, { body: { username: ada.username.toUpperCase() } });
    const unknown = await call(reset, { body: { username: uniqueName('nobody') } });
    const unverified = await member({ verified: false });
    const notVerified = await call(reset, { body: { username: unverified.username } });
    for (const answer of [asked, unknown, notVerified])
      expect(answer).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect(
      fakeResend().sent.filter((mail) => mail.to === unverified.email && mail.subject.startsWith('Reset')),
    ).toEqual([]);
    const link = linkIn(ada.email, 'reset');
    expect(fakeResend().sent.findLast((mail) => mail.to === ada.email)?.subject).toBe(
      'Reset your password at site.example',
    );

    const done = await call(resetConfirm, { body: { token: link, password: 'chosen anew' } });
    expect(done.status).toBe(200);
    expect(await verifyUserToken(String(done.body.user))).toMatchObject({ username: ada.username });
    expect((await call(account, { method: 'GET', token: ada.token })).status).toBe(401); // every other session ends
    expect((await call(login, { body: { username: ada.username, password: 'chosen anew' } })).status).toBe(200);
    // Once used, the link serves no more.
    expect(await call(resetConfirm, { body: { token: link, password: 'another one' } })).toMatchObject({
      status: 400,
      body: { error: RESET_USED },
    });
  });

  it('is not reset by a link an hour old, nor by a confirm link', async () => {
    const ada = await member();
    const accountKey = String(await redis().hget(keys.user(usernameKey(ada.username)), 'account'));
    const old = await signMailLink({ purpose: 'reset', account: accountKey, stamp: 'x' }, Date.now() - 3601_000);
    expect(await call(resetConfirm, { body: { token: old, password: 'chosen anew' } })).toMatchObject({
      status: 400,
      body: { error: LINK_TEXT.expired },
    });
    const confirm = await signMailLink({ purpose: 'confirm', address: ada.email });
    expect(await call(resetConfirm, { body: { token: confirm, password: 'chosen anew' } })).toMatchObject({
      status: 400,
      body: { error: LINK_TEXT.invalid },
    });
  });

  it('answers before any mail, in the same one round trip, whether or not the name has a verified email', async () => {
    const ada = await member();
    const resetMails = () =>
      fakeResend().sent.filter((mail) => mail.to === ada.email && mail.subject.startsWith('Reset'));
    const before = resetMails().length;
    /**
     * Asks as Netlify's runtime calls the function: work after the answer goes to waitUntil, and
     * starts there (its round trips, from the hand-off on, are not the answer's).
     */
    const ask = async (username: string) => {
      const afterAnswer: Promise<unknown>[] = [];
      const request = new Request('http://localhost/api/password-reset', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-nf-client-connection-ip': newAddress() },
        body: JSON.stringify({ username }),
      });
      let status = 0;
      let answerTrips: number | undefined;
      let mailedByTheAnswer = 0;
      const trips = await countStoreRoundTrips(async (tripsSoFar) => {
        const context = {
          waitUntil: (work: Promise<unknown>) => {
            answerTrips ??= tripsSoFar();
            afterAnswer.push(work);
          },
        } as unknown as Context;
        status = (await reset(request, context)).status;
        // Read as the answer arrives: the mail, which needs the network, cannot have gone yet
        // unless it went before the answer.
        mailedByTheAnswer = resetMails().length - before;
        // The work after the answer ends before the next ask, whose count it would add to.
        await Promise.all(afterAnswer);
      });
      return { status, trips: answerTrips ?? trips, mailedByTheAnswer };
    };
    const known = await ask(ada.username);
    const unknown = await ask(uniqueName('nobody'));
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.trips).toBe(unknown.trips);
    expect(known.mailedByTheAnswer).toBe(0); // not yet: the answer went first
    expect(resetMails()).toHaveLength(before + 1);
  });

  it('is asked for a name from any number of addresses: no count per name holds it back for its holder', async () => {
    const ada = await member();
    for (let i = 0; i < 6; i++) {
      expect((await call(reset, { address: newAddress(), body: { username: ada.username } })).status).toBe(200);
    }
    // Its holder's inbox is what is capped: the day's reset links to one address.
    const links = fakeResend().sent.filter((mail) => mail.to === ada.email && mail.subject.startsWith('Reset'));
    expect(links).toHaveLength(RESETS_PER_ADDRESS);
  });
});

describe('deleting the account', () => {
  it('needs its password; then the account, its sessions and its login are gone', async () => {
    const ada = await member();
    expect(await call(deleteAccount, { token: ada.token, body: { password: 'not it at all' } })).toMatchObject({
      status: 400,
      body: { error: WRONG_PASSWORD },
    });
    expect((await read(ada.token)).status).toBe('Success');
    expect((await call(deleteAccount, { token: ada.token, body: { password } })).status).toBe(200);
    expect(await redis().exists(keys.user(usernameKey(ada.username)))).toBe(0);
    expect((await call(account, { method: 'GET', token: ada.token })).status).toBe(401);
    expect((await call(login, { body: { username: ada.username, password } })).status).toBe(401);
  });
});

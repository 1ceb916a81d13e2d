// POST /api/mail/contact against the local store, with the real resend client talking to the
// fake Resend server: delivered, Resend down or unreachable, mail off, store down, bad input,
// rate limit.
import { describe, expect, it, vi } from 'vitest';
import contact from '../../netlify/functions/contact-send.mts';
import { owner } from '../../src/content/site.config.ts';
import { LIMITS, listContactMessages } from '../../src/features/contact/service.server.ts';
import { MAIL_FROM, OWNER_ADDRESS, useFakeResend } from './fakes.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName, withStoreDown } from './request.ts';

const fakeResend = useFakeResend();

/** A message from a sender address no other test uses, so its stored record can be found. */
function newMessage(overrides: Record<string, unknown> = {}) {
  return {
    senderEmail: `${uniqueName('sender')}@example.com`,
    emailSubject: 'Working together',
    emailText: 'Hello!\nI liked your word game.',
    ...overrides,
  };
}

async function storedFrom(senderEmail: string) {
  return (await listContactMessages(1000)).filter((message) => message.senderEmail === senderEmail);
}

describe('POST /api/mail/contact', () => {
  it('stores the message and mails it to the owner, reply-to the sender, in two round trips', async () => {
    const message = newMessage();
    let result: Awaited<ReturnType<typeof call>> | undefined;
    const roundTrips = await countStoreRoundTrips(async () => {
      result = await call(contact, { body: message });
    });
    expect(result).toMatchObject({ status: 200, body: { status: 'Success' } });
    // One to check the rate limit and store, atomically; one to record the delivery.
    expect(roundTrips).toBe(2);

    const mail = fakeResend().sent.find((sent) => sent.replyTo === message.senderEmail);
    expect(mail).toMatchObject({
      from: MAIL_FROM,
      to: OWNER_ADDRESS,
      subject: `${owner.name} contact: Working together`,
    });
    expect(mail?.text).toContain(`From: ${message.senderEmail}`);
    expect(mail?.text).toContain('Hello!\nI liked your word game.');
    expect(mail?.html).toBeUndefined(); // plain text: the sender's words are never read as markup

    const [stored] = await storedFrom(message.senderEmail);
    expect(stored).toMatchObject({ ...message, delivery: 'delivered', deliveryNote: mail?.id });
    expect(mail?.idempotencyKey).toBe(`contact-${stored?.id}`);
  });

  it('still answers Success when Resend fails, and keeps the message marked undelivered', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeResend().failWith(500);
    const message = newMessage();
    expect(await call(contact, { body: message })).toMatchObject({ status: 200, body: { status: 'Success' } });
    const [stored] = await storedFrom(message.senderEmail);
    expect(stored).toMatchObject({ delivery: 'undelivered' });
    expect(stored?.deliveryNote).toMatch(/^Resend refused the mail \(500\)/);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`contact message ${stored?.id} stored, mail failed`));
  });

  it('keeps the message marked undelivered when Resend cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.RESEND_BASE_URL = 'http://127.0.0.1:9'; // nothing listens on the discard port
    const message = newMessage();
    expect((await call(contact, { body: message })).status).toBe(200);
    expect((await storedFrom(message.senderEmail))[0]).toMatchObject({ delivery: 'undelivered' });
  });

  it('stores and logs the message without mailing it when no Resend key is set', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    delete process.env.RESEND_API_KEY;
    const sentBefore = fakeResend().sent.length;
    const message = newMessage();
    expect(await call(contact, { body: message })).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect(fakeResend().sent).toHaveLength(sentBefore);
    expect((await storedFrom(message.senderEmail))[0]).toMatchObject({
      delivery: 'not-sent',
      deliveryNote: 'RESEND_API_KEY is not set',
    });
    expect(warned).toHaveBeenCalledWith(expect.stringContaining('stored, not mailed: RESEND_API_KEY is not set'));
  });

  it('answers 503 and mails nothing when the store is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sentBefore = fakeResend().sent.length;
    const result = await withStoreDown(() => call(contact, { body: newMessage() }));
    expect(result.status).toBe(503);
    expect(result.body).toEqual({
      error: 'The data store is unavailable right now. Please try again in a moment.',
      code: 'unavailable',
    });
    expect(fakeResend().sent).toHaveLength(sentBefore);
  });

  it.each([
    [{ senderEmail: '' }, 'Please enter your email address.'],
    [{ senderEmail: undefined }, 'Please enter your email address.'],
    [{ senderEmail: 'not-an-address' }, 'Invalid Email'],
    [{ emailSubject: ' ', emailText: '\n' }, 'Please write a subject or a message.'],
    [{ emailSubject: 'x'.repeat(201) }, 'The subject must be at most 200 characters.'],
    [{ emailText: 'x'.repeat(5001) }, 'The message must be at most 5000 characters.'],
    [{ emailText: 42 }, 'emailText: Invalid type: Expected string but received 42'],
  ])('refuses %j with 400 and stores nothing', async (overrides, error) => {
    const message = newMessage(overrides);
    const result = await call(contact, { body: message });
    expect(result).toMatchObject({ status: 400, body: { error, code: 'bad_request' } });
    if (typeof message.senderEmail === 'string') expect(await storedFrom(message.senderEmail)).toEqual([]);
  });

  it('accepts a subject of exactly 200 and a message of exactly 5000 characters, and either one alone', async () => {
    for (const overrides of [
      { emailSubject: 's'.repeat(200), emailText: 't'.repeat(5000) },
      { emailSubject: '', emailText: 'Only a message' },
      { emailSubject: 'Only a subject', emailText: '' },
    ]) {
      expect((await call(contact, { body: newMessage(overrides) })).status).toBe(200);
    }
  });

  it(`limits a client to ${LIMITS.messagesPerAddress.max} messages an hour, storing none beyond`, async () => {
    const address = newAddress();
    const message = newMessage();
    for (let i = 0; i < LIMITS.messagesPerAddress.max; i++) {
      expect((await call(contact, { body: message, address })).status).toBe(200);
    }
    const refused = await call(contact, { body: message, address });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many attempts. Please wait 60 minutes and try again.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await storedFrom(message.senderEmail)).toHaveLength(LIMITS.messagesPerAddress.max);
    // Another client is not affected.
    expect((await call(contact, { body: message })).status).toBe(200);
  });

  it('refuses other methods', async () => {
    const result = await call(contact, { method: 'GET' });
    expect(result.status).toBe(405);
    expect(result.headers.get('allow')).toBe('POST');
  });
});

// Daily caps and growth caps: order confirmation mail per account and for all accounts, and contact mail, each per
// UTC day and each its own budget (the order and the contact message still succeed, their mail recorded as not
// sent), contact messages per day, forum posts per member per day, voters per scheduling poll and per /poll
// question, so that no read without a login walks an unbounded list; and no daily counter can live without an
// expiry. The file has a store of its own: the site-wide counters are shared by every request, and other suites
// must neither move them nor be stopped by them.
import { beforeEach, describe, expect, it } from 'vitest';
import submitOrder from '../../netlify/functions/shop-submit-order.mts';
import createCartItem from '../../netlify/functions/shop-create-cart-item.mts';
import contact from '../../netlify/functions/contact-send.mts';
import createMessage from '../../netlify/functions/forum-create-message.mts';
import createVote from '../../netlify/functions/poll-create-vote.mts';
import getAllVotes from '../../netlify/functions/poll-get-all-votes.mts';
import addChoice from '../../netlify/functions/scheduling-add-choice.mts';
import addDateChoice from '../../netlify/functions/scheduling-add-date-choice.mts';
import choicesWithUsers from '../../netlify/functions/scheduling-choices-with-users.mts';
import dateChoicesWithUsers from '../../netlify/functions/scheduling-date-choices-with-users.mts';
import removeChoice from '../../netlify/functions/scheduling-remove-choice.mts';
import { DATE_POLL } from '../../src/content/polls.ts';
import { createAccount } from '../../src/features/auth/service.server.ts';
import { MESSAGES_FULL, MESSAGES_PER_DAY, listContactMessages } from '../../src/features/contact/service.server.ts';
import { MESSAGES_COUNTER } from '../../src/features/contact/repo.server.ts';
import { POSTS_COUNTER } from '../../src/features/forum/repo.server.ts';
import { POSTS_PER_DAY, listMessages } from '../../src/features/forum/service.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { MAX_VOTERS_PER_QUESTION, QUESTION_FULL } from '../../src/features/poll/service.server.ts';
import { POLL_FULL } from '../../src/features/scheduling/poll/logic.ts';
import { configuredDateOptions, configuredItems } from '../../src/features/scheduling/configured/logic.ts';
import { MAX_VOTERS_PER_POLL } from '../../src/features/scheduling/voting/service.server.ts';
import { cartItems, listOrders } from '../../src/features/shop/service.server.ts';
import { utcDay } from '../../src/lib/utc-day.ts';
import { dailyCounter } from '../../src/server/daily-cap.ts';
import { pollKeys } from '../../src/features/poll/keys.server.ts';
import { KEY_PREFIX } from '../../src/server/keys.ts';
import { CONFIRMATIONS_PER_REQUESTER, MAIL_CAP_NOTE, MAIL_COUNTERS, askToConfirm } from '../../src/server/mail.ts';
import { redis } from '../../src/server/redis.ts';
import { seedSchedulingPolls } from '../../tools/demo-data/seed.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { features, poll } from '../site-config.ts';
import { confirmAddresses, sessionUserFor, tokenFor, useFakeResend } from './fakes.ts';
import { useOwnStore } from './functions.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName } from './request.ts';
import { schedulingKeys } from '../../src/features/scheduling/poll/keys.server.ts';

const fakeResend = useFakeResend();
isolateEnv([
  'MAIL_DAILY_ADDRESS_CAP',
  'MAIL_DAILY_PER_ACCOUNT',
  'MAIL_DAILY_CAP',
  'MAIL_DAILY_CONTACT_CAP',
  'MAIL_DAILY_ORDER_CAP',
  'RATE_LIMIT_SCALE',
]);

useOwnStore(seedSchedulingPolls);
beforeEach(() => {
  process.env.MAIL_DAILY_PER_ACCOUNT = '1000';
  process.env.MAIL_DAILY_CONTACT_CAP = '1000';
  process.env.MAIL_DAILY_ORDER_CAP = '1000';
});

/** Sets a day's counter to `count`, expiring at the day's end as the scripts set it. */
async function seedCounter([key, ttlSeconds]: [string, number], count: number): Promise<void> {
  await redis().set(key, count, { ex: ttlSeconds });
}

/** The mail of a kind counted today (src/server/mail.ts MAIL_COUNTERS). */
const mailSent = async (kind: 'contact' | 'orders') =>
  Number((await redis().get(dailyCounter(MAIL_COUNTERS[kind])[0])) ?? 0);

async function shopper() {
  const username = uniqueName('capped');
  // The confirmation goes to the account's own address, confirmed by its holder; a typed one is ignored.
  const address = `${username}@example.com`;
  const token = await tokenFor(username, 1, address);
  await confirmAddresses(address);
  /** Fills the cart with one item and answers the call that orders it. */
  const fillCart = async (email = 'buyer@example.com') => {
    await call(createCartItem, {
      token,
      body: { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1, username },
    });
    const orderList = (await listCart(username)).map((_id) => ({ _id }));
    return async () => (await call(submitOrder, { token, body: { username, orderList, email } })).body;
  };
  const order = async (email?: string) => (await fillCart(email))();
  return { username, order, fillCart };
}

async function listCart(username: string): Promise<string[]> {
  return (await cartItems(await sessionUserFor(username), username)).map((item) => item._id);
}

const mailsFor = (orderId: string) => fakeResend().sent.filter((mail) => mail.idempotencyKey === `order-${orderId}`);

describe.skipIf(!features.shop)('daily mail caps', () => {
  it('sends an account at most MAIL_DAILY_PER_ACCOUNT order confirmations a day; later orders succeed unmailed', async () => {
    process.env.MAIL_DAILY_PER_ACCOUNT = '2';
    const ada = await shopper();
    expect(await ada.order()).toEqual({ status: 'Success' });
    expect(await ada.order()).toEqual({ status: 'Success' });
    let third: unknown;
    const submit = await ada.fillCart();
    const roundTrips = await countStoreRoundTrips(async () => {
      third = await submit();
    });
    expect(third).toEqual({ status: 'Success' }); // the spec's success answer, so the same toast
    expect(roundTrips).toBe(1); // the order script records the mail as not sent itself

    const [latest, ...earlier] = await listOrders(3, ada.username);
    expect(latest).toMatchObject({ delivery: 'not-sent', deliveryNote: `${MAIL_CAP_NOTE} (per account)` });
    expect(latest?.items).toHaveLength(1);
    expect(mailsFor(latest!.id)).toEqual([]);
    expect(earlier.map((order) => order.delivery)).toEqual(['delivered', 'delivered']);

    // Another account is not held back by Ada's orders.
    const bob = await shopper();
    expect(await bob.order()).toEqual({ status: 'Success' });
    const [bobs] = await listOrders(1, bob.username);
    expect(bobs).toMatchObject({ delivery: 'delivered' });
    expect(mailsFor(bobs!.id)).toHaveLength(1);
  });

  it('gives order mail and contact mail a budget each: orders to strangers using theirs up never stop contact mail', async () => {
    process.env.MAIL_DAILY_ORDER_CAP = String((await mailSent('orders')) + 2);
    const senderEmail = `${uniqueName('sender')}@example.com`;
    const message = { senderEmail, emailSubject: 'Hello', emailText: 'A first message.' };

    // Three accounts order, each to an address of its choice: the third finds the order mail used up.
    const shoppers = [await shopper(), await shopper(), await shopper()];
    for (const each of shoppers) expect(await each.order()).toEqual({ status: 'Success' });
    const placed = await Promise.all(shoppers.map(async (each) => (await listOrders(1, each.username))[0]));
    expect(placed.map((order) => [order?.delivery, order?.deliveryNote.startsWith('not sent')])).toEqual([
      ['delivered', false],
      ['delivered', false],
      ['not-sent', true],
    ]);
    expect(placed[2]?.deliveryNote).toBe(`${MAIL_CAP_NOTE} (order mail)`);
    expect(mailsFor(placed[2]!.id)).toEqual([]);
    expect(await mailSent('orders')).toBe(Number(process.env.MAIL_DAILY_ORDER_CAP));

    // The owner's contact mail has its own budget: it still goes.
    expect(await call(contact, { body: message })).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect(fakeResend().sent.filter((mail) => mail.replyTo === senderEmail)).toHaveLength(1);

    // And the other way round: contact mail used up, a message still succeeds (one round trip,
    // stored and marked), and order mail goes again as soon as its own budget has room.
    process.env.MAIL_DAILY_CONTACT_CAP = String(await mailSent('contact'));
    process.env.MAIL_DAILY_ORDER_CAP = String((await mailSent('orders')) + 1);
    let answer: unknown;
    const roundTrips = await countStoreRoundTrips(async () => {
      answer = await call(contact, { body: { ...message, emailText: 'A second message.' } });
    });
    expect(answer).toMatchObject({ status: 200, body: { status: 'Success' } });
    expect(roundTrips).toBe(1);
    expect(fakeResend().sent.filter((mail) => mail.replyTo === senderEmail)).toHaveLength(1);
    const bob = await shopper();
    expect(await bob.order()).toEqual({ status: 'Success' });
    const [bobs] = await listOrders(1, bob.username);
    expect(bobs).toMatchObject({ delivery: 'delivered' });
    expect(mailsFor(bobs!.id)).toHaveLength(1);

    const stored = (await listContactMessages(1000)).filter((saved) => saved.senderEmail === senderEmail);
    // The owner still reads the message (`npm run admin -- messages`), marked as not mailed.
    expect(stored.map(({ emailText, delivery, deliveryNote }) => ({ emailText, delivery, deliveryNote }))).toEqual([
      { emailText: 'A second message.', delivery: 'not-sent', deliveryNote: `${MAIL_CAP_NOTE} (contact mail)` },
      { emailText: 'A first message.', delivery: 'delivered', deliveryNote: expect.any(String) },
    ]);
  });

  it('sends no mail at all with a cap of 0', async () => {
    process.env.MAIL_DAILY_PER_ACCOUNT = '0';
    const ada = await shopper();
    expect(await ada.order()).toEqual({ status: 'Success' });
    expect((await listOrders(1, ada.username))[0]).toMatchObject({ delivery: 'not-sent' });
  });
});

describe('requests to confirm an address', () => {
  const ask = (requester = newAddress()) => askToConfirm(`${uniqueName('asked')}@example.com`, { requester });
  const asked = async () => Number((await redis().get(dailyCounter(MAIL_COUNTERS.addresses)[0])) ?? 0);

  it(`go ${CONFIRMATIONS_PER_REQUESTER} a day per requester, so a few requesters cannot use up the day's budget`, async () => {
    const requester = newAddress();
    for (let i = 0; i < CONFIRMATIONS_PER_REQUESTER; i++) expect(await ask(requester)).toBe('sent');
    expect(await ask(requester)).toBe('cap');
    expect(await ask()).toBe('sent');
  });

  it("stop at the day's address-mail budget (MAIL_DAILY_ADDRESS_CAP), mailing nothing past it", async () => {
    process.env.MAIL_DAILY_ADDRESS_CAP = String((await asked()) + 1);
    const before = fakeResend().sent.length;
    expect(await ask()).toBe('sent');
    expect(await ask()).toBe('cap');
    expect(fakeResend().sent.length).toBe(before + 1);
  });
});

describe('growth caps', () => {
  it(`stores at most ${MESSAGES_PER_DAY} contact messages a day, then refuses with 429 until 00:00 UTC`, async () => {
    await seedCounter(dailyCounter(MESSAGES_COUNTER), MESSAGES_PER_DAY - 1);
    const senderEmail = `${uniqueName('sender')}@example.com`;
    const send = (emailText: string) =>
      call(contact, { body: { senderEmail, emailSubject: 'Hi', emailText }, address: newAddress() });
    expect(await send('The last one today.')).toMatchObject({ status: 200, body: { status: 'Success' } });
    const refused = await send('One too many.');
    expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(refused.body.error).toBe(`${MESSAGES_FULL} Please try again after 00:00 UTC.`);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(utcDay().endsAt - Math.floor(Date.now() / 1000) + 1);
    const stored = (await listContactMessages(1000)).filter((saved) => saved.senderEmail === senderEmail);
    expect(stored.map((saved) => saved.emailText)).toEqual(['The last one today.']);
    await redis().del(dailyCounter(MESSAGES_COUNTER)[0]);
  });

  it.skipIf(!features.forum)(
    `lets a member post ${POSTS_PER_DAY} forum messages a day, then refuses with 429`,
    async () => {
      const username = uniqueName('poster');
      const token = await tokenFor(username, 2);
      const post = (text: string, as = token) => call(createMessage, { token: as, body: { text } });
      // Counted per account, by its key: a name registered again starts the day afresh.
      const { accountKey } = await sessionUserFor(username, 2);
      await seedCounter(dailyCounter(POSTS_COUNTER, accountKey), POSTS_PER_DAY - 1);
      expect(await post('The last post today.')).toMatchObject({ status: 200 });
      let refused: Awaited<ReturnType<typeof call>> | undefined;
      const roundTrips = await countStoreRoundTrips(async () => {
        refused = await post('One too many.');
      });
      expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
      expect(refused?.body.error).toMatch(/^You have posted \d+ messages today.*Please try again after 00:00 UTC\.$/);
      expect(roundTrips).toBeLessThanOrEqual(2);
      expect((await listMessages(OPERATOR)).messages.filter((message) => message.text === 'One too many.')).toEqual([]);
      // Another member posts on.
      expect(await post('Hello.', await tokenFor(uniqueName('poster'), 2))).toMatchObject({ status: 200 });
    },
  );

  it.skipIf(!features.scheduling)(
    `takes at most ${MAX_VOTERS_PER_POLL} voters per scheduling poll; those in it still change their votes`,
    async () => {
      const [slot, other] = configuredItems().map((item) => item._id);
      const pollId = 'ragnarok';
      const fillers = Array.from({ length: MAX_VOTERS_PER_POLL - 1 }, (_, i) => [
        `anon_filler_${i}`,
        `anon_Filler_${i}`,
      ]);
      await redis().hset(
        schedulingKeys.people(pollId),
        Object.fromEntries(fillers.map(([key, name], joined) => [key, JSON.stringify({ name, joined })])),
      );

      const add = (username: string, scheduleItemId: string, claimSecret?: string, token?: string) =>
        call(addChoice, { token, body: { pollId, scheduleItemId, username, claimSecret } });
      const last = await add('anon_Last One', slot!);
      expect(last).toMatchObject({ status: 200, body: { status: 'Success' } });
      const secret = String(last.body.claimSecret);

      // Full: a new anonymous name and a new member are refused; the last voter changes their votes.
      let refused: Awaited<ReturnType<typeof call>> | undefined;
      const roundTrips = await countStoreRoundTrips(async () => {
        refused = await add('anon_Too Late', slot!);
      });
      expect(refused).toMatchObject({ status: 409, body: { code: 'conflict', error: POLL_FULL, reason: 'poll-full' } });
      expect(roundTrips).toBe(2);
      const member = uniqueName('member');
      await createAccount({ username: member, password: 'a-long-password', firstName: '', lastName: '', email: '' }, 1);
      expect(await add(member, slot!, undefined, await tokenFor(member, 1))).toMatchObject({
        status: 409,
        body: { error: POLL_FULL, reason: 'poll-full' },
      });
      expect(await add('anon_Last One', other!, secret)).toMatchObject({ status: 200 });
      expect(
        await call(removeChoice, {
          body: { pollId, scheduleItemId: slot, username: 'anon_Last One', claimSecret: secret },
        }),
      ).toMatchObject({ status: 200 });
      expect(await add('anon_Last One', slot!, secret)).toMatchObject({ status: 200 });
    },
  );

  it.skipIf(!features.scheduling)('applies the voter cap to the date poll too', async () => {
    const pollId = DATE_POLL.id;
    const date = configuredDateOptions()[0]!.name;
    const fillers = Array.from({ length: MAX_VOTERS_PER_POLL }, (_, i) => [`anon_filler_${i}`, `anon_Filler_${i}`]);
    await redis().hset(
      schedulingKeys.people(pollId),
      Object.fromEntries(fillers.map(([key, name], joined) => [key, JSON.stringify({ name, joined })])),
    );
    expect(await call(addDateChoice, { body: { pollId, date, username: 'anon_Newcomer' } })).toMatchObject({
      status: 409,
      body: { error: POLL_FULL, reason: 'poll-full' },
    });
  });

  it.skipIf(!features.poll)(
    `takes at most ${MAX_VOTERS_PER_QUESTION} voters per /poll question; a voter in it is told they already voted`,
    async () => {
      const fillers = Array.from({ length: MAX_VOTERS_PER_QUESTION - 1 }, (_, i) => [
        `filler ${i}`,
        JSON.stringify({ inputtedName: `Filler ${i}`, options: ['0'] }),
      ]);
      await redis().hset(pollKeys.votes(0), Object.fromEntries(fillers));
      const vote = (name: string) => call(createVote, { body: { name, question: 0, vote: ['1'] } });
      expect(await vote('Last Voter')).toMatchObject({ status: 200, body: { status: 'Success' } });
      let refused: Awaited<ReturnType<typeof call>> | undefined;
      const roundTrips = await countStoreRoundTrips(async () => {
        refused = await vote('Too Late');
      });
      expect(refused).toMatchObject({
        status: 409,
        body: { code: 'conflict', error: QUESTION_FULL, reason: 'poll-full' },
      });
      expect(roundTrips).toBe(2);
      expect(await vote('last voter')).toMatchObject({ status: 200, body: { status: 'alreadyVoted' } });
    },
  );
});

describe('reads without a login', () => {
  // Every read a visitor may make without logging in, and what bounds it: /poll results (voters
  // per question × its options), scheduling results (voters per poll × its options), a voter's
  // choices (one voter's range: at most the poll's options), the polls' items and dates (the
  // console adds only what the content config lists). The first two grow with visitors: full
  // polls stay full however many new names are tried, so their reads stay bounded.
  it.skipIf(!features.poll || !features.scheduling)(
    'read full polls whatever the number of names tried: the growth stops at the caps',
    async () => {
      const names = Array.from({ length: 25 }, () => uniqueName('Intruder'));
      const voteAnswers = await Promise.all(
        names.map((name) =>
          call(createVote, { body: { name, question: 0, vote: poll.options.map((_, index) => String(index)) } }),
        ),
      );
      expect(voteAnswers.every((answer) => answer.status === 409)).toBe(true);
      const { body } = await call(getAllVotes, { body: { question: 0 } });
      const voters = new Set((body.allVotes as { inputtedName: string }[]).map((vote) => vote.inputtedName));
      expect(voters.size).toBe(MAX_VOTERS_PER_QUESTION);

      const slot = configuredItems()[0]!._id;
      const addAnswers = await Promise.all(
        names.map((name) =>
          call(addChoice, { body: { pollId: 'ragnarok', scheduleItemId: slot, username: `anon_${name}` } }),
        ),
      );
      expect(addAnswers.every((answer) => answer.status === 409)).toBe(true);
      const results = await call(choicesWithUsers, {
        method: 'GET',
        path: '/api/scheduling/choices-with-users/ragnarok',
      });
      const choices = results.body as unknown as { user: { username: string } }[];
      expect(choices.some((choice) => choice.user.username.startsWith('anon_Intruder'))).toBe(false);
      expect(new Set(choices.map((choice) => choice.user.username)).size).toBeLessThanOrEqual(MAX_VOTERS_PER_POLL);
      expect(await redis().hlen(schedulingKeys.people('ragnarok'))).toBe(MAX_VOTERS_PER_POLL);

      const dateResults = await call(dateChoicesWithUsers, {
        method: 'GET',
        path: `/api/scheduling/date-choices-with-users/${DATE_POLL.id}`,
      });
      expect(dateResults.status).toBe(200);
      expect(await redis().hlen(schedulingKeys.people(DATE_POLL.id))).toBe(MAX_VOTERS_PER_POLL);
    },
  );
});

describe('daily counters', () => {
  // Counted by an order, a contact message and a forum post.
  it.skipIf(!features.shop || !features.forum)(
    'each expire at the end of their UTC day, from their first count: none lives without a TTL',
    async () => {
      // Count each kind of daily counter from nothing, including those the tests above seeded.
      await redis().del(...((await redis().keys(`${KEY_PREFIX}daily:*`)) as string[]));
      const ada = await shopper();
      await ada.order();
      await call(contact, { body: { senderEmail: 'ttl@example.com', emailSubject: 'TTL', emailText: '' } });
      await call(createMessage, { token: await tokenFor(uniqueName('poster'), 2), body: { text: 'Counted.' } });
      await askToConfirm(`${uniqueName('asked')}@example.com`, { requester: newAddress() });

      const counters = (await redis().keys(`${KEY_PREFIX}daily:*`)) as string[];
      const { day, endsAt } = utcDay();
      expect(
        counters.map((key) => key.replace(/:[^:]*$/, (tail) => (tail === `:${day}` ? tail : ':<subject>'))),
      ).toEqual(
        expect.arrayContaining([
          `${KEY_PREFIX}daily:${MAIL_COUNTERS.contact}:${day}`,
          `${KEY_PREFIX}daily:${MAIL_COUNTERS.orders}:${day}`,
          `${KEY_PREFIX}daily:${MAIL_COUNTERS.perAccount}:${day}:<subject>`,
          `${KEY_PREFIX}daily:${MESSAGES_COUNTER}:${day}`,
          `${KEY_PREFIX}daily:${POSTS_COUNTER}:${day}:<subject>`,
          `${KEY_PREFIX}daily:${MAIL_COUNTERS.addresses}:${day}`,
          `${KEY_PREFIX}daily:${MAIL_COUNTERS.addresses}:${day}:<subject>`,
          `${KEY_PREFIX}daily:${MAIL_COUNTERS.askedToday}:${day}:<subject>`,
        ]),
      );
      const pipe = redis().pipeline();
      for (const key of counters) pipe.ttl(key);
      const ttls = (await pipe.exec()) as number[];
      const toDayEnd = endsAt - Math.floor(Date.now() / 1000);
      for (const ttl of ttls) {
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(toDayEnd + 1);
      }
    },
  );

  it('name the UTC day and end at 00:00 UTC, whatever the local time zone', () => {
    // 23:30 in St. John's on 14 January is 03:00 UTC on the 15th.
    const lateEvening = Date.parse('2026-01-15T03:00:00Z');
    expect(utcDay(lateEvening)).toEqual({ day: '2026-01-15', endsAt: Date.parse('2026-01-16T00:00:00Z') / 1000 });
    expect(utcDay(Date.parse('2026-01-15T23:59:59.999Z')).day).toBe('2026-01-15');
    expect(utcDay(Date.parse('2026-01-16T00:00:00Z')).day).toBe('2026-01-16');
  });
});

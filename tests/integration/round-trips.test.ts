// Redis round trips per API call, counted at the store's door (every HTTP request the client
// sends to the local store): at most one for a read and two for a write, rate limiting included,
// and one more per mail to a visitor's address (or per request to confirm one).
// Every function has a scenario here; a new one without fails the test.
// The file has a store of its own: its console scenarios drop what other suites vote on.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATE_POLL } from '../../src/content/polls.ts';
import { createAccount, resetStamp } from '../../src/features/auth/service.server.ts';
import { setClosed as setPollClosed, setEnd as setPollEnd } from '../../src/features/poll/service.server.ts';
import { listContactMessages } from '../../src/features/contact/service.server.ts';
import { listOrders } from '../../src/features/shop/service.server.ts';
import { keepTurn } from '../../src/features/chatbot/repo.server.ts';
import { configuredItems } from '../../src/features/scheduling/configured/logic.ts';
import { WEDDING_GUESTS } from '../../src/content/wedding-guests.ts';
import { linkToken } from '../../src/features/wedding/links.server.ts';
import { guestKey } from '../../src/features/wedding/logic.ts';
import { createGuests } from '../../src/features/wedding/service.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { seedSchedulingPolls } from '../../tools/demo-data/seed.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../tools/fake-openai/server.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { confirmAddresses, newPollForm, sessionUserFor, tokenFor, useFakeResend } from './fakes.ts';
import { signMailLink } from '../../src/server/mail-address.ts';
import { findUser } from '../../src/features/auth/repo.server.ts';
import { FUNCTIONS, type Handler, isOn, loadEndpoints, platformFunctions, useOwnStore } from './functions.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';

interface Call {
  method?: string;
  body?: unknown;
  token?: string;
  path?: string;
}
interface Scenario {
  kind: 'read' | 'write';
  /** Mails to a visitor's address: each costs one more, the check that its holder confirmed it (src/server/mail.ts). */
  mails?: number;
  /** Prepares what the call needs (not counted) and returns the call. */
  prepare(): Promise<Call>;
}

const LIMIT = { read: 1, write: 2 };
// Each count is the steady state with nothing warmed first: a script goes whole (EVAL) on its first
// call from a process and by SHA-1 (EVALSHA) after, one request either way, so a cold store never
// costs a NOSCRIPT retry (src/server/scripts/script.test.ts). Only a store that has lost its script
// cache since (a restart) costs one extra request, once per script.

useFakeResend();
let model: FakeOpenAi;
isolateEnv(['OPENAI_API_KEY', 'OPENAI_BASE_URL']);
useOwnStore(seedSchedulingPolls);
beforeAll(async () => {
  model = await startFakeOpenAi();
});
beforeEach(() => {
  process.env.OPENAI_BASE_URL = model.url;
  process.env.OPENAI_API_KEY = 'sk-test';
});
afterAll(() => model.close());

const handlers = new Map<string, Handler>();
const handler = async (name: string) => {
  if (!handlers.has(name)) {
    handlers.set(name, ((await import(join(FUNCTIONS, `${name}.mts`))) as { default: Handler }).default);
  }
  return handlers.get(name)!;
};
const run = async (name: string, request: Call) => call(await handler(name), request);

/** A member with a real account (some reads need one) and a token of the given clearance. */
async function member(clearance = 1) {
  const username = uniqueName('trips');
  await createAccount({ username, password: 'a-long-password', firstName: 'Trip', lastName: '', email: '' }, clearance);
  return { username, token: await tokenFor(username, clearance) };
}

async function cartWithItem() {
  const shopper = await member();
  await run('shop-create-cart-item', {
    token: shopper.token,
    body: { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1, username: shopper.username },
  });
  const { body } = await run('shop-get-cart-items', { token: shopper.token, body: { username: shopper.username } });
  return { ...shopper, items: body.cartItems as { _id: string }[] };
}

/** A member with one chatbot conversation kept (the turn as the server keeps an answer). */
async function conversation() {
  const { username, token } = await member();
  const id = crypto.randomUUID();
  await keepTurn(await sessionUserFor(username), {
    conversationId: id,
    title: 'Hi?',
    question: { id: 1, from: 'user', text: 'Hi?' },
    answer: { id: 2, from: 'ai', text: 'Hello.' },
  });
  return { token, id };
}

const admin = () => tokenFor(uniqueName('admin'), 3);
/** A poll made in the console, with an answer in it. */
async function madePoll(): Promise<{ id: string; options: { id: string }[] }> {
  const { body } = await run('scheduling-create-poll', { token: await admin(), body: newPollForm() });
  const poll = body.poll as { id: string; options: { id: string }[] };
  await run('scheduling-add-choice', {
    body: { pollId: poll.id, scheduleItemId: poll.options[0]!.id, username: anon() },
  });
  return poll;
}
const anon = () => `anon_${uniqueName('Trip')}`;

/** A member with a forum message that has replies and reactions. */
async function forumThread(): Promise<{ token: string; id: string }> {
  const { username, token } = await member(2);
  const { body } = await run('forum-create-message', { token, body: { username, text: 'A thread.' } });
  const id = (body.message as { _id: string })._id;
  for (const text of ['One.', 'Two.', 'Three.', 'Four.']) {
    await run('forum-create-message', { token, body: { text, replyTo: id } });
  }
  await run('forum-react', { token, path: `/api/messages/react/${id}`, body: { reaction: 'eyes', on: true } });
  return { token, id };
}

/** The token of a member told of a reply in their thread. */
async function toldMember(): Promise<string> {
  const { token, id } = await forumThread();
  const other = await member(2);
  await run('forum-create-message', { token: other.token, body: { text: 'A reply.', replyTo: id } });
  return token;
}

/** A clearance-1 member's request to join, waiting (or decided as `decision` says). */
async function joinRequest(decision?: 'approve' | 'decline'): Promise<{ token: string; id: string }> {
  const { token } = await member(1);
  const { body } = await run('forum-ask-to-join', { token, body: {} });
  const id = (body.request as { id: string }).id;
  if (decision) await run('forum-join-requests-decide', { token: await admin(), body: { id, decision } });
  return { token, id };
}
const item = () => configuredItems()[0]!._id;
const date = `${DATE_POLL.dates[0].date}_DATE`;

const SCENARIOS: Record<string, Scenario> = {
  health: { kind: 'read', prepare: async () => ({ method: 'GET' }) },
  'auth-account': { kind: 'read', prepare: async () => ({ method: 'GET', token: (await member()).token }) },
  'auth-account-logout-everywhere': { kind: 'write', prepare: async () => ({ token: (await member()).token }) },
  // A login counts its attempt before the password check and gives it back when it succeeds.
  'auth-login': {
    kind: 'write',
    prepare: async () => {
      const { username } = await member();
      return { body: { username, password: 'a-long-password' } };
    },
  },
  'auth-register': {
    kind: 'write',
    prepare: async () => ({ body: { username: uniqueName('new'), password: 'a-long-password' } }),
  },
  'verify-recaptcha': { kind: 'read', prepare: async () => ({ body: { recaptchaToken: 'token' } }) },
  'word-game-all-scores': {
    kind: 'read',
    prepare: async () => {
      const { username, token } = await member();
      return { token, body: { userName: username } };
    },
  },
  'word-game-score': {
    kind: 'write',
    prepare: async () => {
      const { username, token } = await member();
      return { token, body: { userName: username, roundScore: 3 } };
    },
  },
  'contact-send': {
    kind: 'write',
    prepare: async () => ({ body: { senderEmail: 'a@example.com', emailSubject: 'Hi', emailText: 'Hello.' } }),
  },
  'chatbot-ask': { kind: 'write', prepare: async () => ({ body: { userQuestion: 'Hi?', userSystemChoice: '' } }) },
  'chatbot-quota': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', token: (await member()).token, path: '/api/ask-ai/quota' }),
  },
  'chatbot-conversations': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', token: (await conversation()).token }),
  },
  'chatbot-conversation-read': {
    kind: 'read',
    prepare: async () => {
      const { token, id } = await conversation();
      return { method: 'GET', token, path: `/api/chatbot/conversations/read/${id}` };
    },
  },
  'chatbot-conversation-clear': {
    kind: 'write',
    prepare: async () => {
      const { token, id } = await conversation();
      return { token, path: `/api/chatbot/conversations/clear/${id}` };
    },
  },
  'chatbot-conversation-rename': {
    kind: 'write',
    prepare: async () => {
      const { token, id } = await conversation();
      return { token, path: `/api/chatbot/conversations/rename/${id}`, body: { title: 'Renamed' } };
    },
  },
  'chatbot-conversation-delete': {
    kind: 'write',
    prepare: async () => {
      const { token, id } = await conversation();
      return { method: 'DELETE', token, path: `/api/chatbot/conversations/delete/${id}` };
    },
  },
  'shop-create-cart-item': {
    kind: 'write',
    prepare: async () => {
      const { username, token } = await member();
      return { token, body: { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 2, username } };
    },
  },
  'shop-get-cart-items': {
    kind: 'read',
    prepare: async () => {
      const { username, token } = await cartWithItem();
      return { token, body: { username } };
    },
  },
  'shop-delete-item': {
    kind: 'write',
    prepare: async () => {
      const { username, token, items } = await cartWithItem();
      return { token, body: { ownerId: username, itemId: items[0]!._id } };
    },
  },
  'shop-clear-cart': {
    kind: 'write',
    prepare: async () => {
      const { username, token } = await cartWithItem();
      return { token, body: { username } };
    },
  },
  'shop-update-item-quantity': {
    kind: 'write',
    prepare: async () => {
      const { token, items } = await cartWithItem();
      return { token, body: { itemId: items[0]!._id, quantity: 7 } };
    },
  },
  'shop-orders': {
    kind: 'read',
    prepare: async () => {
      const { username, token, items } = await cartWithItem();
      await run('shop-submit-order', { token, body: { username, orderList: items, email: 'buyer@example.com' } });
      return { method: 'GET', token, path: '/api/dhh/orders' };
    },
  },
  'shop-submit-order': {
    kind: 'write',
    prepare: async () => {
      const { username, token, items } = await cartWithItem();
      return { token, body: { username, orderList: items, email: 'buyer@example.com' } };
    },
  },
  // A reply (the heavier post: the rate limit, the session and the message replied to are read
  // together, then the post); a top-level post is counted in forum.test.ts.
  'forum-create-message': {
    kind: 'write',
    prepare: async () => {
      const { token, id } = await forumThread();
      return { token, body: { text: 'Counting round trips.', replyTo: id } };
    },
  },
  'forum-version': { kind: 'read', prepare: async () => ({ method: 'GET', token: (await member(2)).token }) },
  'forum-edit': {
    kind: 'write',
    prepare: async () => {
      const { username, token } = await member(2);
      const { body } = await run('forum-create-message', { token, body: { username, text: 'To edit.' } });
      const id = (body.message as { _id: string })._id;
      return { token, body: { text: 'Edited.' }, path: `/api/messages/edit/${id}` };
    },
  },
  'forum-delete': {
    kind: 'write',
    prepare: async () => {
      const { username, token } = await member(2);
      const { body } = await run('forum-create-message', { token, body: { username, text: 'To delete.' } });
      const id = (body.message as { _id: string })._id;
      return { method: 'DELETE', token, path: `/api/messages/delete/${id}` };
    },
  },
  // The page with each message's first replies and every reaction count (the reader's own marked): one read.
  'forum-get-messages': {
    kind: 'read',
    prepare: async () => {
      const { token } = await forumThread();
      return { method: 'GET', token };
    },
  },
  'forum-replies': {
    kind: 'read',
    prepare: async () => {
      const { token, id } = await forumThread();
      return { method: 'GET', token, path: `/api/messages/replies/${id}` };
    },
  },
  'forum-react': {
    kind: 'write',
    prepare: async () => {
      const { token, id } = await forumThread();
      return { token, path: `/api/messages/react/${id}`, body: { reaction: 'heart', on: true } };
    },
  },
  // A member told of a reply: their list (with the messages' texts), their count, seen, their digest.
  'forum-notifications': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', token: await toldMember() }),
  },
  'forum-notifications-count': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', token: await toldMember() }),
  },
  'forum-notifications-seen': {
    kind: 'write',
    prepare: async () => ({ token: await toldMember(), body: { upTo: Date.now() } }),
  },
  'forum-notifications-digest': {
    kind: 'write',
    prepare: async () => ({ token: (await member(2)).token, body: { on: true } }),
  },
  'forum-ask-to-join': {
    kind: 'write',
    prepare: async () => ({ token: (await member(1)).token, body: { note: 'Hi.' } }),
  },
  'forum-join-request': {
    kind: 'read',
    prepare: async () => {
      const { token } = await member(1);
      await run('forum-ask-to-join', { token, body: {} });
      return { method: 'GET', token };
    },
  },
  'forum-join-request-dismiss': {
    kind: 'write',
    prepare: async () => ({ token: (await joinRequest('decline')).token }),
  },
  'forum-join-requests': {
    kind: 'read',
    prepare: async () => {
      await joinRequest();
      return { method: 'GET', token: await admin() };
    },
  },
  // The list entry read with the owner's session and limit, then the decision.
  'forum-join-requests-decide': {
    kind: 'write',
    prepare: async () => ({ token: await admin(), body: { id: (await joinRequest()).id, decision: 'approve' } }),
  },
  'poll-get-all-votes': { kind: 'read', prepare: async () => ({ body: { question: 0 } }) },
  'poll-create-vote': {
    kind: 'write',
    prepare: async () => ({ body: { name: uniqueName('Voter'), question: 0, vote: ['1'] } }),
  },
  'poll-remove-voter': {
    kind: 'write',
    prepare: async () => {
      const name = uniqueName('Voter');
      await run('poll-create-vote', { body: { name, question: 0, vote: ['1'] } });
      return { token: await admin(), body: { question: 0, name } };
    },
  },
  'poll-set-closed': {
    kind: 'write',
    // Reopens what the owner closed (the other scenarios vote in this store).
    prepare: async () => {
      await setPollClosed(OPERATOR, 0, true);
      return { token: await admin(), body: { question: 0, closed: false } };
    },
  },
  'poll-set-end': {
    kind: 'write',
    // Takes away the end it sets first (the other scenarios vote in this store).
    prepare: async () => {
      await setPollEnd(OPERATOR, 0, Date.now() + 3_600_000);
      return { token: await admin(), body: { question: 0, endsAt: null } };
    },
  },
  'scheduling-schedule-items': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', path: '/api/scheduling/schedule-items/defense' }),
  },
  'scheduling-user-choices': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', path: '/api/scheduling/user-choices/defense?username=anon_x' }),
  },
  'scheduling-choices-with-users': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', path: '/api/scheduling/choices-with-users/defense' }),
  },
  'scheduling-add-choice': {
    kind: 'write',
    prepare: async () => ({ body: { pollId: 'defense', scheduleItemId: item(), username: anon() } }),
  },
  'scheduling-remove-choice': {
    kind: 'write',
    prepare: async () => {
      const username = anon();
      const { body } = await run('scheduling-add-choice', {
        body: { pollId: 'defense', scheduleItemId: item(), username },
      });
      return { body: { pollId: 'defense', scheduleItemId: item(), username, claimSecret: body.claimSecret } };
    },
  },
  'scheduling-vote': {
    kind: 'write',
    prepare: async () => ({ body: { pollId: 'defense', optionId: item(), username: anon(), answer: 'yes' } }),
  },
  'scheduling-available-dates': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', path: `/api/scheduling/available-dates/${DATE_POLL.id}` }),
  },
  'scheduling-user-date-choices': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', path: `/api/scheduling/user-date-choices/${DATE_POLL.id}?username=x` }),
  },
  'scheduling-date-choices-with-users': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', path: `/api/scheduling/date-choices-with-users/${DATE_POLL.id}` }),
  },
  'scheduling-add-date-choice': {
    kind: 'write',
    prepare: async () => ({ body: { pollId: DATE_POLL.id, date, username: anon() } }),
  },
  'scheduling-remove-date-choice': {
    kind: 'write',
    prepare: async () => {
      const username = anon();
      const { body } = await run('scheduling-add-date-choice', { body: { pollId: DATE_POLL.id, date, username } });
      return { body: { pollId: DATE_POLL.id, date, username, claimSecret: body.claimSecret } };
    },
  },
  'scheduling-create-poll': { kind: 'write', prepare: async () => ({ token: await admin(), body: newPollForm() }) },
  'scheduling-polls': { kind: 'read', prepare: async () => ({ method: 'GET', token: await admin() }) },
  'scheduling-my-polls': { kind: 'read', prepare: async () => ({ method: 'GET', token: (await member()).token }) },
  // A member's read: the session check, the comments and the poll's organiser in one round trip.
  'scheduling-poll-comments': {
    kind: 'read',
    prepare: async () => ({
      method: 'GET',
      token: (await member()).token,
      path: `/api/scheduling/poll-comments/${(await madePoll()).id}`,
    }),
  },
  'scheduling-comment': {
    kind: 'write',
    prepare: async () => ({ token: (await member()).token, body: { pollId: (await madePoll()).id, text: 'Hello' } }),
  },
  'scheduling-delete-comment': {
    kind: 'write',
    prepare: async () => {
      const pollId = (await madePoll()).id;
      const { body } = await run('scheduling-comment', { body: { pollId, name: 'Bo', text: 'Hello' } });
      return { token: await admin(), body: { pollId, commentId: (body.comment as { id: string }).id } };
    },
  },
  // A member's read: the session check, the poll's organiser and its voters in one round trip.
  'scheduling-poll-voters': {
    kind: 'read',
    prepare: async () => ({
      method: 'GET',
      token: await admin(),
      path: `/api/scheduling/poll-voters/${(await madePoll()).id}`,
    }),
  },
  // An address nobody confirmed: the rate limit, the voter's check, the request to confirm it.
  'scheduling-voter-email': {
    kind: 'write',
    mails: 1,
    prepare: async () => {
      const username = anon();
      const poll = await madePoll();
      const { body } = await run('scheduling-vote', {
        body: { pollId: poll.id, optionId: poll.options[0]!.id, username, answer: 'yes' },
      });
      return { body: { pollId: poll.id, username, claimSecret: body.claimSecret, email: 'voter@example.com' } };
    },
  },
  'scheduling-poll-settings': {
    kind: 'write',
    prepare: async () => ({ token: await admin(), body: { pollId: (await madePoll()).id, comments: false } }),
  },
  'scheduling-poll': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', path: `/api/scheduling/poll/${(await madePoll()).id}` }),
  },
  // A member's read: the session check and the answers (their own marked) in one round trip.
  'scheduling-poll-answers': {
    kind: 'read',
    prepare: async () => ({
      method: 'GET',
      token: (await member()).token,
      path: `/api/scheduling/poll-answers/${(await madePoll()).id}`,
    }),
  },
  'scheduling-poll-version': {
    kind: 'read',
    prepare: async () => ({ method: 'GET', path: `/api/scheduling/poll-version/${(await madePoll()).id}` }),
  },
  'scheduling-poll-calendar': {
    kind: 'read',
    prepare: async () => {
      const poll = await madePoll();
      await run('scheduling-finalise-poll', {
        token: await admin(),
        body: { pollId: poll.id, optionId: poll.options[0]!.id },
      });
      return { method: 'GET', path: `/api/scheduling/poll-calendar/${poll.id}` };
    },
  },
  'scheduling-finalise-poll': {
    kind: 'write',
    prepare: async () => {
      const poll = await madePoll();
      return { token: await admin(), body: { pollId: poll.id, optionId: poll.options[0]!.id } };
    },
  },
  'scheduling-reopen-poll': {
    kind: 'write',
    prepare: async () => ({ token: await admin(), body: { pollId: (await madePoll()).id } }),
  },
  'scheduling-edit-poll': {
    kind: 'write',
    prepare: async () => ({
      token: await admin(),
      body: { ...newPollForm({ title: 'Quiz night' }), pollId: (await madePoll()).id },
    }),
  },
  'scheduling-delete-poll': {
    kind: 'write',
    prepare: async () => ({ token: await admin(), body: { pollId: (await madePoll()).id } }),
  },
  'scheduling-remove-voter': {
    kind: 'write',
    prepare: async () => {
      const username = anon();
      const poll = await madePoll();
      await run('scheduling-vote', {
        body: { pollId: poll.id, optionId: poll.options[0]!.id, username, answer: 'yes' },
      });
      return { token: await admin(), body: { pollId: poll.id, username } };
    },
  },
  'scheduling-create-schedule-items': { kind: 'write', prepare: async () => ({ token: await admin() }) },
  'scheduling-create-schedule-polls': { kind: 'write', prepare: async () => ({ token: await admin() }) },
  'scheduling-drop-schedule-polls': { kind: 'write', prepare: async () => ({ token: await admin() }) },
  'scheduling-drop-schedule-items': { kind: 'write', prepare: async () => ({ token: await admin() }) },
  'scheduling-create-schedule-date-items': { kind: 'write', prepare: async () => ({ token: await admin() }) },
  'scheduling-drop-schedule-date-items': { kind: 'write', prepare: async () => ({ token: await admin() }) },
  'wedding-get-all-guests': { kind: 'read', prepare: async () => ({ method: 'GET', token: await admin() }) },
  // The owner's inbox: each list's page with its count, a message marked read, an order moved, what was seen.
  'contact-messages': { kind: 'read', prepare: async () => ({ method: 'GET', token: await admin() }) },
  'contact-message-read': {
    kind: 'write',
    prepare: async () => {
      await run('contact-send', { body: { senderEmail: 'a@example.com', emailSubject: 'Hi', emailText: 'Hello.' } });
      const [message] = await listContactMessages(1);
      return { token: await admin(), body: { id: message!.id, read: true } };
    },
  },
  'shop-all-orders': { kind: 'read', prepare: async () => ({ method: 'GET', token: await admin() }) },
  'shop-order-state': {
    kind: 'write',
    prepare: async () => {
      const { username, token, items } = await cartWithItem();
      await run('shop-submit-order', { token, body: { username, orderList: items, email: 'buyer@example.com' } });
      const [order] = await listOrders(1, username);
      return { token: await admin(), body: { id: order!.id, state: 'ready' } };
    },
  },
  'shop-orders-seen': { kind: 'write', prepare: async () => ({ token: await admin(), body: { upTo: Date.now() } }) },
  'wedding-rsvps': { kind: 'read', prepare: async () => ({ method: 'GET', token: await admin() }) },
  'wedding-rsvps-seen': { kind: 'write', prepare: async () => ({ token: await admin(), body: { upTo: Date.now() } }) },
  'wedding-create-guests': { kind: 'write', prepare: async () => ({ token: await admin() }) },
  'wedding-add-new-guests': { kind: 'write', prepare: async () => ({ token: await admin() }) },
  'wedding-drop-guests': { kind: 'write', prepare: async () => ({ token: await admin() }) },
  'wedding-exported': { kind: 'write', prepare: async () => ({ token: await admin(), body: { asOf: Date.now() } }) },
  // The RSVP page: a household found by its link's token (the list is loaded by its own prepare).
  'wedding-rsvp-read': { kind: 'read', prepare: async () => ({ body: { token: await rsvpToken() } }) },
  // The answer with a confirmation: the answer and the mail's counts, the check of its address, then how the mail went.
  'wedding-rsvp-answer': {
    kind: 'write',
    mails: 1,
    prepare: async () => ({
      body: {
        token: await rsvpToken(),
        one: { wedding: 'no', food: '', rehearsal: 'no', dietary: '' },
        email: await confirmed('guest@example.com'),
      },
    }),
  },
  // The session check with the rate limit, then the request counted; the link's mail is not checked again.
  'auth-account-confirm-email': {
    kind: 'write',
    prepare: async () => ({ token: await tokenFor(uniqueName('member'), 1, `${uniqueName('member')}@example.com`) }),
  },
  // The rate limit with the account read, then the change (or the request to confirm the new email).
  'auth-account-details': {
    kind: 'write',
    prepare: async () => ({ token: (await member()).token, body: { firstName: 'Ada', lastName: 'King' } }),
  },
  'auth-account-password': {
    kind: 'write',
    prepare: async () => ({
      token: (await member()).token,
      body: { current: 'a-long-password', password: 'another-long-password' },
    }),
  },
  'auth-account-email': {
    kind: 'write',
    prepare: async () => ({ token: (await member()).token, body: { email: `${uniqueName('new')}@example.com` } }),
  },
  // The rate limit with the account read (and the password check), then the deletion.
  'auth-account-delete': {
    kind: 'write',
    prepare: async () => ({ token: (await member()).token, body: { password: 'a-long-password' } }),
  },
  // An unknown name: the limits with the read; nothing is mailed, as for a name without a verified email.
  'auth-password-reset': { kind: 'write', prepare: async () => ({ body: { username: uniqueName('nobody') } }) },
  'auth-password-reset-confirm': {
    kind: 'write',
    prepare: async () => {
      const { username } = await member();
      const user = (await findUser(username))!;
      const token = await signMailLink({ purpose: 'reset', account: user.accountKey, stamp: resetStamp(user) });
      return { body: { token, password: 'chosen-anew-password' } };
    },
  },
  'email-confirm': { kind: 'write', prepare: async () => ({ body: { token: await mailLink('confirm') } }) },
  'email-unsubscribe': { kind: 'write', prepare: async () => ({ body: { token: await mailLink('unsubscribe') } }) },
};

/** `address`, confirmed by its holder. */
async function confirmed(address: string): Promise<string> {
  await confirmAddresses(address);
  return address;
}

/** A link the site would mail a new address. */
const mailLink = (purpose: 'confirm' | 'unsubscribe') =>
  signMailLink({ purpose, address: `${uniqueName('linked')}@example.com` });

/** The RSVP link token of a household for one, with the list loaded (a console scenario may have dropped it). */
async function rsvpToken(): Promise<string> {
  await createGuests(OPERATOR);
  const single = WEDDING_GUESTS.find((guest) => guest.numberOfGuests === 1)!;
  return linkToken(guestKey(single));
}

/** The functions the site serves with its config: a switched-off feature's answer 404 and are not counted. */
const served = new Set((await loadEndpoints()).filter(isOn).map((endpoint) => endpoint.name.replace(/\.mts$/, '')));

describe('round trips per API call', () => {
  it('has a scenario for every function (the scheduled and event ones have no route to call)', async () => {
    const routeless = await platformFunctions();
    const functions = readdirSync(FUNCTIONS)
      .filter((file) => /\.mts$/.test(file) && !routeless.includes(file))
      .map((file) => file.replace(/\.mts$/, ''));
    expect(Object.keys(SCENARIOS).sort()).toEqual(functions.sort());
  });

  it.each(Object.entries(SCENARIOS).filter(([name]) => served.has(name)))(
    '%s stays within its budget',
    async (name, scenario) => {
      const request = await scenario.prepare();
      let status = 0;
      const trips = await countStoreRoundTrips(async () => {
        status = (await run(name, request)).status;
      });
      expect(status, `${name} answered ${status}`).toBeLessThan(300);
      expect(trips, `${name} (${scenario.kind})`).toBeLessThanOrEqual(LIMIT[scenario.kind] + (scenario.mails ?? 0));
    },
  );
});

describe.skipIf(!served.has('scheduling-vote'))('a scheduling vote', () => {
  it.each(['yes', 'ifNeedBe'])('answers %s in 2 round trips: the rate limit, then the vote', async (answer) => {
    const poll = await madePoll();
    const request = { body: { pollId: poll.id, optionId: poll.options[1]!.id, username: anon(), answer } };
    let status = 0;
    const trips = await countStoreRoundTrips(async () => {
      status = (await run('scheduling-vote', request)).status;
    });
    expect(status).toBe(200);
    expect(trips).toBe(2);
  });
});

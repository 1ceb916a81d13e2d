// Every function's declared access (src/server/http.ts, `endpoint({ access })`), read from the
// functions themselves, so each function is covered by construction: the access is the one the
// rules give its route, a function that needs a token refuses a request without one (401), a
// clearance refuses the level below (403), and every function that reads a token refuses an ended
// session (401, SESSION_ENDED); each refusal changes nothing in the store. The file has a store of
// its own: its console calls would drop what other suites vote on if a refusal ever failed.
import { beforeEach, describe, expect, it } from 'vitest';
import logoutEverywhere from '../../netlify/functions/auth-account-logout-everywhere.mts';
import { DATE_POLL } from '../../src/content/polls.ts';
import { configuredItems } from '../../src/features/scheduling/configured/logic.ts';
import { createGuests } from '../../src/features/wedding/service.server.ts';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import type { Access } from '../../src/server/http.ts';
import { SESSION_ENDED } from '../../src/server/session.ts';
import { seedSchedulingPolls } from '../../tools/demo-data/seed.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { newPollForm, tokenFor } from './fakes.ts';
import { type Endpoint, isOn, loadEndpoints, storeContents, useOwnStore } from './functions.ts';
import { call, uniqueName } from './request.ts';

const store = useOwnStore(async () => {
  await seedSchedulingPolls();
  await createGuests(OPERATOR);
});
// The chatbot is configured (its session check comes before any model call, so none is made).
isolateEnv(['OPENAI_BASE_URL']);
beforeEach(() => {
  process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1';
});

const endpoints = await loadEndpoints();
const nameOf = (endpoint: Endpoint) => endpoint.name.replace(/\.mts$/, '');

/**
 * Who may call what (QUALITY, Security): any token for the account, the cart, orders, scores and asking to join the
 * forum, and a scheduling poll's organiser (who may change only their own polls: created-polls.test.ts); 2 or more for
 * the forum and its notifications; 3 for the wedding and scheduling consoles, the owner's inbox (messages, everyone's
 * orders, RSVP answers) and the forum's requests to join; a token when sent for the chatbot, the votes, a poll's
 * answers and comments (which mark the member's own) and commenting; none for the rest (the RSVP page's read and answer
 * need its link's token, never a session). Each function's name matches exactly one rule.
 */
const RULES: [RegExp, Access][] = [
  [
    /^(auth-account|auth-account-(logout-everywhere|confirm-email|details|password|email|delete)|chatbot-conversations?(-.+)?|shop-(?!all-orders|order-state|orders-seen).+|word-game-.+|forum-(ask-to-join|join-request(-dismiss)?)|scheduling-(create|edit|delete|finalise|reopen|my)-polls?|scheduling-(remove-voter|delete-comment|poll-settings|poll-voters))$/,
    'session',
  ],
  [
    /^forum-(create-message|delete|edit|get-messages|react|replies|version|notifications(-count|-seen|-digest)?)$/,
    { clearance: CLEARANCE.forum },
  ],
  [
    /^(wedding-(?!rsvp-).+|contact-messages|contact-message-read|shop-(all-orders|order-state|orders-seen)|forum-join-requests(-decide)?|scheduling-(create|drop)-schedule-.+|scheduling-polls|poll-remove-voter|poll-set-closed|poll-set-end)$/,
    { clearance: CLEARANCE.console },
  ],
  [
    /^(chatbot-ask|chatbot-quota|poll-create-vote|scheduling-(add|remove)(-date)?-choice|scheduling-vote|scheduling-poll-(answers|comments)|scheduling-(comment|voter-email))$/,
    'optional-session',
  ],
  [
    /^(health|auth-login|auth-register|auth-password-reset(-confirm)?|email-(confirm|unsubscribe)|contact-send|verify-recaptcha|poll-get-all-votes|wedding-rsvp-(read|answer)|scheduling-(poll|poll-calendar|poll-version|schedule-items|available-dates|(date-)?choices-with-users|user-(date-)?choices))$/,
    'public',
  ],
];

// A request each function would otherwise accept (the body is validated before the token is read):
// its method and path default to the function's own, its body to none.
const item = () => configuredItems()[0]!._id;
const date = `${DATE_POLL.dates[0].date}_DATE`;
const pickles = (username: string) => ({ item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1, username });
const REQUESTS: Record<string, { path?: string; body?: (username: string) => unknown }> = {
  'chatbot-ask': { body: () => ({ userQuestion: 'Hello?', userSystemChoice: '' }) },
  'auth-account-details': { body: () => ({ firstName: 'Ada', lastName: 'King' }) },
  'auth-account-password': { body: () => ({ current: 'a password', password: 'another password' }) },
  'auth-account-email': { body: () => ({ email: 'new@example.com' }) },
  'auth-account-delete': { body: () => ({ password: 'a password' }) },
  'shop-clear-cart': { body: (username) => ({ username }) },
  'chatbot-conversation-read': { path: '/api/chatbot/conversations/read/conversation-1' },
  'chatbot-conversation-clear': { path: '/api/chatbot/conversations/clear/conversation-1' },
  'chatbot-conversation-rename': {
    path: '/api/chatbot/conversations/rename/conversation-1',
    body: () => ({ title: 'Renamed' }),
  },
  'chatbot-conversation-delete': { path: '/api/chatbot/conversations/delete/conversation-1' },
  'shop-create-cart-item': { body: pickles },
  'shop-delete-item': { body: (username) => ({ ownerId: username, itemId: crypto.randomUUID() }) },
  'shop-get-cart-items': { body: (username) => ({ username }) },
  'shop-update-item-quantity': { body: () => ({ itemId: crypto.randomUUID(), quantity: 2 }) },
  'shop-submit-order': {
    body: (username) => ({ username, email: 'a@example.com', orderList: [{ _id: crypto.randomUUID() }] }),
  },
  'forum-create-message': { body: (username) => ({ username, text: 'Hello.' }) },
  'forum-delete': { path: `/api/messages/delete/${crypto.randomUUID()}` },
  'forum-edit': { path: `/api/messages/edit/${crypto.randomUUID()}`, body: () => ({ text: 'Edited.' }) },
  'forum-react': {
    path: `/api/messages/react/${crypto.randomUUID()}`,
    body: () => ({ reaction: 'thumbs-up', on: true }),
  },
  'forum-replies': { path: `/api/messages/replies/${crypto.randomUUID()}` },
  'forum-ask-to-join': { body: () => ({ note: 'Please let me in.' }) },
  'forum-notifications-seen': { body: () => ({ upTo: Date.now() }) },
  'forum-notifications-digest': { body: () => ({ on: true }) },
  'forum-join-requests-decide': { body: () => ({ id: crypto.randomUUID(), decision: 'approve' }) },
  'poll-create-vote': { body: () => ({ question: 0, vote: ['1'] }) },
  'poll-remove-voter': { body: () => ({ question: 0, name: 'Nobody' }) },
  'poll-set-closed': { body: () => ({ question: 0, closed: true }) },
  'poll-set-end': { body: () => ({ question: 0, endsAt: Date.now() + 3_600_000 }) },
  'scheduling-add-choice': { body: (username) => ({ pollId: 'defense', scheduleItemId: item(), username }) },
  'scheduling-remove-choice': { body: (username) => ({ pollId: 'defense', scheduleItemId: item(), username }) },
  'scheduling-add-date-choice': { body: (username) => ({ pollId: DATE_POLL.id, date, username }) },
  'scheduling-remove-date-choice': { body: (username) => ({ pollId: DATE_POLL.id, date, username }) },
  'scheduling-vote': { body: (username) => ({ pollId: 'defense', optionId: item(), username, answer: 'yes' }) },
  'scheduling-poll-answers': { path: '/api/scheduling/poll-answers/defense' },
  'scheduling-create-poll': { body: () => newPollForm() },
  'scheduling-edit-poll': { body: () => ({ ...newPollForm(), pollId: 'zzzzzzzzzzzz' }) },
  'scheduling-finalise-poll': { body: () => ({ pollId: 'zzzzzzzzzzzz', optionId: 'd-20990101' }) },
  'scheduling-reopen-poll': { body: () => ({ pollId: 'zzzzzzzzzzzz' }) },
  'scheduling-delete-poll': { body: () => ({ pollId: 'zzzzzzzzzzzz' }) },
  'scheduling-remove-voter': { body: () => ({ pollId: 'zzzzzzzzzzzz', username: 'anon_Nobody' }) },
  'scheduling-poll-comments': { path: '/api/scheduling/poll-comments/defense' },
  'scheduling-comment': { body: () => ({ pollId: 'zzzzzzzzzzzz', name: 'Bo', text: 'Hello' }) },
  'scheduling-delete-comment': { body: () => ({ pollId: 'zzzzzzzzzzzz', commentId: 'none' }) },
  'scheduling-poll-settings': { body: () => ({ pollId: 'zzzzzzzzzzzz', comments: false }) },
  'scheduling-poll-voters': { path: '/api/scheduling/poll-voters/zzzzzzzzzzzz' },
  'scheduling-voter-email': {
    body: (username) => ({ pollId: 'defense', username, email: 'voter@example.com' }),
  },
  'word-game-all-scores': { body: (username) => ({ userName: username }) },
  'word-game-score': { body: (username) => ({ userName: username, roundScore: 3 }) },
  'wedding-exported': { body: () => ({ asOf: 0 }) },
  'wedding-rsvps-seen': { body: () => ({ upTo: 1 }) },
  'contact-message-read': { body: () => ({ id: crypto.randomUUID(), read: true }) },
  'shop-order-state': { body: () => ({ id: crypto.randomUUID(), state: 'ready' }) },
  'shop-orders-seen': { body: () => ({ upTo: 1 }) },
};

/** Calls the function with its request, as `username` with `token` (or none). */
function callAs(endpoint: Endpoint, username: string, token: string | undefined) {
  const request = REQUESTS[nameOf(endpoint)] ?? {};
  return call(endpoint.handler, {
    method: endpoint.method,
    token,
    path: request.path ?? endpoint.path,
    body: request.body?.(username),
  });
}

/** The clearance a function's access asks for: 1 (any token) unless it names one. */
const clearanceOf = (access: Access) => (typeof access === 'object' ? access.clearance : CLEARANCE.user);

// The calls go to the functions the site serves: a switched-off feature's answer 404 to everyone.
const served = endpoints.filter(isOn);
const needsToken = served.filter(({ access }) => access === 'session' || typeof access === 'object');
const readsToken = served.filter(({ access }) => access !== 'public');
const withClearance = served.filter(({ access }) => typeof access === 'object' && access.clearance > 1);
const optional = served.filter(({ access }) => access === 'optional-session');

const loginFirst = { status: 401, body: { code: 'unauthorized', error: 'Please log in to continue.' } };
const sessionEnded = { status: 401, body: { code: 'unauthorized', error: SESSION_ENDED } };

describe("every function's declared access", () => {
  it('is the one the rules give its route, for every function', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    for (const endpoint of endpoints) {
      const rules = RULES.filter(([name]) => name.test(nameOf(endpoint)));
      expect(rules.length, `${endpoint.name} matches ${rules.length} rules`).toBe(1);
      expect(endpoint.access, endpoint.name).toEqual(rules[0]![1]);
    }
    // Every kind of access is in use, so none of the tests below runs over nothing.
    for (const list of [needsToken, readsToken, withClearance, optional]) expect(list.length).toBeGreaterThan(0);
  });

  it.each(needsToken.map((endpoint) => [nameOf(endpoint), endpoint] as const))(
    '%s refuses a request without a token, and changes nothing',
    async (_name, endpoint) => {
      const before = await storeContents(store().engine);
      expect(await callAs(endpoint, uniqueName('none'), undefined)).toMatchObject(loginFirst);
      expect(await storeContents(store().engine)).toEqual(before);
    },
  );

  it.each(optional.map((endpoint) => [nameOf(endpoint), endpoint] as const))(
    '%s refuses a bad token rather than serving a guest, and changes nothing',
    async (_name, endpoint) => {
      const before = await storeContents(store().engine);
      const result = await callAs(endpoint, uniqueName('bad'), 'not-a-token');
      expect(result.status, JSON.stringify(result.body)).toBe(401);
      expect(await storeContents(store().engine)).toEqual(before);
    },
  );

  it.each(withClearance.map((endpoint) => [nameOf(endpoint), endpoint] as const))(
    '%s refuses the clearance below its own with 403, and changes nothing',
    async (_name, endpoint) => {
      const username = uniqueName('low');
      const token = await tokenFor(username, clearanceOf(endpoint.access) - 1);
      const before = await storeContents(store().engine);
      expect(await callAs(endpoint, username, token)).toMatchObject({
        status: 403,
        body: { code: 'forbidden', error: 'You do not have the clearance for this.' },
      });
      expect(await storeContents(store().engine)).toEqual(before);
    },
  );

  it.each(readsToken.map((endpoint) => [nameOf(endpoint), endpoint] as const))(
    '%s refuses an ended session, and changes nothing',
    async (_name, endpoint) => {
      const username = uniqueName('ended');
      const token = await tokenFor(username, clearanceOf(endpoint.access));
      // The session ends (another device logged out everywhere); the store is compared before and after.
      expect((await call(logoutEverywhere, { token })).status).toBe(200);
      const before = await storeContents(store().engine);
      expect(await callAs(endpoint, username, token)).toMatchObject(sessionEnded);
      expect(await storeContents(store().engine)).toEqual(before);
    },
  );
});

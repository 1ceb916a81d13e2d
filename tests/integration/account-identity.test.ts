// Data belongs to an account, not to a name: an account deleted and its name registered again
// starts empty. The new account sees no cart, orders or scores of the old one, the old one's forum
// post is not its own (not marked so, and its edit and delete are refused as for anyone's), and the
// old one's scheduling answers are not its own (not marked, not in its choices, untouched by its
// changes), while they still show under the name they were given.
import { describe, expect, it } from 'vitest';
import createCartItem from '../../netlify/functions/shop-create-cart-item.mts';
import getCartItems from '../../netlify/functions/shop-get-cart-items.mts';
import orders from '../../netlify/functions/shop-orders.mts';
import submitOrder from '../../netlify/functions/shop-submit-order.mts';
import login from '../../netlify/functions/auth-login.mts';
import createMessage from '../../netlify/functions/forum-create-message.mts';
import deleteMessage from '../../netlify/functions/forum-delete.mts';
import editMessage from '../../netlify/functions/forum-edit.mts';
import getMessages from '../../netlify/functions/forum-get-messages.mts';
import register from '../../netlify/functions/auth-register.mts';
import pollAnswers from '../../netlify/functions/scheduling-poll-answers.mts';
import userChoices from '../../netlify/functions/scheduling-user-choices.mts';
import voteHandler from '../../netlify/functions/scheduling-vote.mts';
import allScores from '../../netlify/functions/word-game-all-scores.mts';
import wordGame from '../../netlify/functions/word-game-score.mts';
import { deleteUser, setClearance } from '../../src/features/auth/service.server.ts';
import { NOT_YOUR_MESSAGE, NO_PERMISSION } from '../../src/features/forum/schema.ts';
import { features } from '../../src/content/site.config.ts';
import { configuredItems } from '../../src/features/scheduling/configured/logic.ts';
import { seedSchedulingPolls } from '../../tools/demo-data/seed.ts';
import { useFakeResend } from './fakes.ts';
import { useOwnStore } from './functions.ts';
import { call, uniqueName } from './request.ts';

useFakeResend();
useOwnStore(seedSchedulingPolls);

const password = 'a-long-password';
const POLL = 'defense';

interface Answer {
  option: string;
  answer: string;
  user: { username: string; firstName?: string };
  mine?: boolean;
}
interface Message {
  _id: string;
  text: string;
  user?: { username: string };
  own?: boolean;
}

/** Registers `username`, gives the account forum clearance and logs it in: its token and its calls. */
async function account(username: string, firstName: string) {
  const registered = await call(register, { body: { username, password, firstName } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  await setClearance(username, 2);
  const loggedIn = await call(login, { body: { username, password } });
  expect(loggedIn.status, JSON.stringify(loggedIn.body)).toBe(200);
  const token = String(loggedIn.body.user);
  return {
    addToCart: () =>
      call(createCartItem, { token, body: { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 1, username } }),
    cart: async () => (await call(getCartItems, { token, body: { username } })).body.cartItems as unknown[],
    order: async () => {
      const orderList = (await call(getCartItems, { token, body: { username } })).body.cartItems;
      return call(submitOrder, { token, body: { username, orderList, email: 'a@example.com' } });
    },
    orders: async () =>
      (await call(orders, { method: 'GET', token, path: '/api/dhh/orders' })).body.orders as unknown[],
    play: (roundScore: number) => call(wordGame, { token, body: { userName: username, roundScore } }),
    scores: async () =>
      (await call(allScores, { token, body: { userName: username } })).body.scores as { bestScore: number }[],
    post: (text: string) => call(createMessage, { token, body: { text } }),
    messages: async () =>
      (await call(getMessages, { method: 'GET', token, path: '/api/messages/get-messages' })).body
        .messages as Message[],
    edit: (id: string, text: string) => call(editMessage, { token, body: { text }, path: `/api/messages/edit/${id}` }),
    remove: (id: string) => call(deleteMessage, { method: 'DELETE', token, path: `/api/messages/delete/${id}` }),
    vote: (optionId: string, answer: 'yes' | 'none') =>
      call(voteHandler, { token, body: { pollId: POLL, optionId, username, answer } }),
    answers: async () =>
      (await call(pollAnswers, { method: 'GET', token, path: `/api/scheduling/poll-answers/${POLL}` }))
        .body as unknown as Answer[],
  };
}

const choicesOf = async (username: string) =>
  (
    await call(userChoices, {
      method: 'GET',
      path: `/api/scheduling/user-choices/${POLL}?username=${encodeURIComponent(username)}`,
    })
  ).body as unknown as string[];

// The walk goes through the shop, the word game, the forum and the scheduling polls: with any of
// them switched off (src/content/site.config.ts) its endpoints answer 404, and the walk is skipped.
const everyPartOn = features.shop && features.wordGame && features.forum && features.scheduling;

describe.skipIf(!everyPartOn)('a name registered again', () => {
  it('starts empty: no cart, orders, scores, forum posts or votes of the deleted account are its own', async () => {
    const username = uniqueName('again');
    const [first, second] = configuredItems().map((item) => item._id) as [string, string];

    const old = await account(username, 'Olga');
    expect((await old.addToCart()).status).toBe(200);
    expect((await old.order()).status).toBe(200);
    expect((await old.addToCart()).status).toBe(200);
    expect((await old.play(3)).status).toBe(200);
    const posted = await old.post('Written by the first account.');
    expect(posted.status).toBe(200);
    const postId = (posted.body.message as Message)._id;
    expect((await old.vote(first, 'yes')).status).toBe(200);
    expect((await old.messages()).find((message) => message._id === postId)?.own).toBe(true);
    expect((await old.answers()).filter((answer) => answer.mine).map((answer) => answer.option)).toEqual([first]);

    await deleteUser(username);
    // The deleted account's votes keep its name a registered voter's in that poll: no visitor takes it.
    const posing = await call(voteHandler, {
      body: { pollId: POLL, optionId: second, username: `anon_${username}`, answer: 'yes' },
    });
    expect(posing).toMatchObject({ status: 409, body: { reason: 'name-taken' } });
    const again = await account(username, 'Nina');

    expect(await again.cart()).toEqual([]);
    expect(await again.orders()).toEqual([]);
    expect((await again.scores())[0]).toMatchObject({ bestScore: 7 });

    // The old post still shows under the name, but it is not the new account's to edit or delete.
    const listed = (await again.messages()).find((message) => message._id === postId);
    expect(listed).toMatchObject({ text: 'Written by the first account.', user: { username } });
    expect(listed?.own).toBeFalsy();
    expect(await again.edit(postId, 'Taken over.')).toMatchObject({ status: 403, body: { error: NOT_YOUR_MESSAGE } });
    expect(await again.remove(postId)).toMatchObject({ status: 403, body: { error: NO_PERMISSION } });
    const own = await again.post('Written by the second account.');
    expect((await again.messages()).find((message) => message._id === (own.body.message as Message)._id)?.own).toBe(
      true,
    );
    expect((await again.messages()).find((message) => message._id === postId)?.text).toBe(
      'Written by the first account.',
    );

    // The old answer is not the new account's: not marked, not in its choices, not taken back by it.
    expect(await choicesOf(username)).toEqual([]);
    expect((await again.vote(first, 'none')).status).toBe(200);
    expect((await again.vote(second, 'yes')).status).toBe(200);
    const answers = await again.answers();
    expect(answers.filter((answer) => answer.mine).map((answer) => answer.option)).toEqual([second]);
    // Both show under the name, each with the first name its account had when it voted.
    expect(answers.filter((answer) => answer.user.username === username)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ option: first, user: { username, firstName: 'Olga' } }),
        expect.objectContaining({ option: second, user: { username, firstName: 'Nina' } }),
      ]),
    );
    expect(await choicesOf(username)).toEqual([second]);
  });
});

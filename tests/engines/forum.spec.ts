// The forum's threads and its door in every engine: a member replies under a message and reacts,
// heard in the status line, and the author is told (the menu's count, the dashboard's list); a
// visitor asks to join, the owner approves in the inbox, and the visitor's dashboard says so while
// the menu shows the Forum link without a new login.
import { createUser } from '../e2e/helpers.ts';
import { features, switchedOff } from '../site-config.ts';
import { expect, test } from './fixtures.ts';
import { byCss, byRole, inside } from './in-page.ts';

test.skip(!features.forum, switchedOff('forum'));

test('a member replies under a message and reacts to it, and the page says so', async ({ site, request }) => {
  const author = await createUser(request, { clearance: 2, prefix: 'author' });
  const member = await createUser(request, { clearance: 2, prefix: 'member' });
  const posted = await request.post('/api/messages/create-message', {
    data: { text: `Who is in for Friday, ${site.engine}?` },
    headers: { Authorization: `Bearer ${author.token}` },
  });
  expect(posted.ok()).toBe(true);
  await site.storeToken(member.token);
  await site.goto('/forum');
  const card = byRole('article', `Message from ${author.username}`);
  await site.expectVisible(card);

  await site.click(inside(card, byRole('button', `Reply to ${author.username}`)));
  const box = byRole('textbox', `Reply to ${author.username}`);
  await site.expectVisible(box);
  expect(await site.read(box, (element) => element === document.activeElement)).toBe(true);
  await site.type(`Count me in from ${site.engine}`);
  await site.click(byRole('button', 'Post reply'));
  const reply = inside(card, byRole('article', `Reply from ${member.username}`));
  await site.expectText(reply, `Count me in from ${site.engine}`);
  await site.expectHidden(box);

  const thumbs = inside(card, byRole('button', 'thumbs up, 0 reactions'));
  await site.click(thumbs);
  const given = inside(card, byRole('button', 'thumbs up, 1 reaction'));
  await site.expectVisible(given);
  expect(await site.read(given, (button) => button.getAttribute('aria-pressed'))).toBe('true');
  await site.expectText(byCss('.forum > [role=status]'), 'You reacted with thumbs up.');
  expect(await site.axeViolations()).toEqual([]);
  await site.click(given);
  await site.expectText(byCss('.forum > [role=status]'), 'You took back your thumbs up.');
  expect(await site.errors()).toEqual([]);

  // The author is told of the reply: a count on the user menu, the list on the dashboard, a link back.
  await site.storeToken(author.token);
  await site.goto('/');
  const menu = byRole('button', author.username);
  const count = inside(menu, byCss('[data-notice-count]'));
  await site.expectText(count, '· 1');
  await site.click(menu);
  await site.leave(() => site.click(byRole('link', 'Notifications · 1 new')));
  const notes = byRole('region', 'Notifications');
  await site.expectText(notes, `New ${member.username} replied to your message`);
  await site.expectHidden(count);
  expect(await site.axeViolations()).toEqual([]);
  await site.leave(() => site.click(inside(notes, byRole('link', /^Open in the forum/))));
  await site.waitUntil(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Message from ') === true);
  expect(await site.errors()).toEqual([]);
});

test('a visitor asks to join, the owner approves, and the visitor’s dashboard and menu show the forum', async ({
  site,
  request,
}) => {
  const visitor = await createUser(request, { clearance: 1, prefix: 'joiner' });
  const owner = await createUser(request, { clearance: 3, prefix: 'owner' });
  await site.storeToken(visitor.token);
  await site.goto('/forum');
  await site.expectVisible(byRole('heading', 'The forum is for members'));
  await site.fill(byRole('textbox', 'A note for the owner (optional)'), `Hello from ${site.engine}`);
  await site.click(byRole('button', 'Ask to join'));
  await site.expectText(byCss('.forum-standing'), 'Your request is waiting for the owner.');
  expect(await site.isVisible(byRole('button', 'Ask to join'))).toBe(false);
  expect(await site.axeViolations()).toEqual([]);

  await site.storeToken(owner.token);
  await site.goto('/dashboard');
  await site.click(byRole('button', /^Inbox · \d+ new$/));
  const list = byRole('region', 'Requests to join the forum');
  await site.expectText(list, `Hello from ${site.engine}`);
  await site.click(inside(list, byRole('button', `Approve ${visitor.username}`)));
  const dialog = byRole('dialog', `Let ${visitor.username} into the forum?`);
  await site.expectVisible(dialog);
  expect(await site.axeViolations()).toEqual([]);
  await site.click(inside(dialog, byRole('button', 'Approve')));
  await site.expectText(inside(list, byRole('status')), `${visitor.username} is in: they now have the forum.`);

  // The visitor's own token, as their browser kept it: the session goes on, now with the forum.
  await site.storeToken(visitor.token);
  await site.goto('/dashboard');
  await site.expectText(byRole('region', 'The forum'), "You're in: the forum is in your menu.");
  await site.click(byRole('button', visitor.username));
  await site.expectVisible(byRole('link', 'Forum'));
  expect(await site.axeViolations()).toEqual([]);
  expect(await site.errors()).toEqual([]);
});

// Scheduling polls for the people who use them, in every engine: a guest reads a
// member's poll in a time zone they pick, answers, leaves an address to hear the decision, comments
// and copies the link; the member manages the poll on Your polls: edited, comments off, then
// finalised, then duplicated into a new poll; with the names hidden, the guest still finds their own.
// A poll with a deadline closes by itself on an open page.
import { optionLabel, zoneViewer } from '../../src/features/scheduling/time/logic.ts';
import type { CreatedPoll } from '../../src/features/scheduling/poll/schema.ts';
import { createUser, mailedLink, uniqueUsername } from '../e2e/helpers.ts';
import { features, switchedOff } from '../site-config.ts';
import { expect, test } from './fixtures.ts';
import { byCss, byRole, inside } from './in-page.ts';

test.skip(!features.scheduling, switchedOff('scheduling'));

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a guest picks a time zone, answers a member’s poll, leaves an address, comments and copies its link; the member decides it', async ({
  site,
  request,
}) => {
  // The member's poll, made as Your polls makes it.
  const { token } = await createUser(request, { clearance: 1, prefix: `organiser_${site.engine}` });
  const title = `Engine poll ${uniqueUsername(site.engine)}`;
  const made = await request.post('/api/scheduling/create-poll', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, zone: 'Europe/Berlin', days: [{ date: inDays(9), slots: ['19:00'] }], slotMinutes: 60 },
  });
  const poll = ((await made.json()) as { poll: CreatedPoll }).poll;

  await site.goto(`/scheduling_polls/p/${poll.id}`);
  await site.click(byRole('button', 'Change time zone'));
  await site.select(byRole('combobox', 'Show the times also in'), 'Asia/Tokyo');
  const inTokyo = optionLabel(poll.options[0]!, poll.zone, zoneViewer('Asia/Tokyo')).detail!;
  const slot = byRole('button', new RegExp(`^${inTokyo.replace(/[+]/g, '\\+')}`));
  await site.expectVisible(slot);

  const name = uniqueUsername(`Zoë_${site.engine}`); // no account's name: a vote under it looks at no account
  await site.fill(byRole('textbox', 'Name'), name);
  await site.click(byRole('button', 'Save'));
  await site.click(slot);
  expect(await site.read(slot, (button) => button.getAttribute('aria-pressed'))).toBe('true');
  // The address gets a link first: the page it opens confirms it, then it is kept.
  const address = `${uniqueUsername(site.engine)}@example.com`;
  await site.fill(byRole('textbox', 'Hear when it is decided'), address);
  await site.click(byRole('button', 'Save the address'));
  await site.expectText(byCss('.sched-email'), `We have mailed ${address} a link.`);
  await site.goto(await mailedLink(address, 'confirm'));
  await site.expectText(byCss('[data-email-text]'), `Thank you: ${address} is confirmed.`);
  await site.goto(`/scheduling_polls/p/${poll.id}`);
  await site.fill(byRole('textbox', 'Hear when it is decided'), address);
  await site.click(byRole('button', 'Save the address'));
  await site.expectText(byCss('.sched-email'), `We will mail ${address}`);

  await site.fill(byRole('textbox', 'Your comment'), `Friday suits ${site.engine}.`);
  await site.click(byRole('button', 'Post comment'));
  await site.expectText(byRole('article', `Comment from ${name} (guest)`), `Friday suits ${site.engine}.`);

  await site.click(byRole('button', `Copy link to ${title}`));
  // Headless engines may refuse the clipboard: either way the page says what happened.
  await site.expectText(byRole('region', 'Share this poll'), /Link copied|did not allow copying/);
  expect(await site.axeViolations()).toEqual([]);
  expect(await site.errors()).toEqual([]);

  // The member, on Your polls: comments off, then the poll decided.
  await site.storeToken(token);
  await site.goto('/scheduling_polls/mine');
  const listed = byRole('listitem', new RegExp(`^${title}`));
  await site.expectText(listed, '1 voter(s) · 1 option(s) · Open');
  // Edited in the form above the list, the title in focus; saved in place.
  await site.click(inside(listed, byRole('button', `Edit ${title}`)));
  await site.expectVisible(byRole('heading', `Edit “${title}”`));
  const titleField = byRole('textbox', /^Title/);
  expect(await site.read(titleField, (field) => field === document.activeElement)).toBe(true);
  await site.fill(byRole('textbox', /^Description/), `Bring dice, ${site.engine}.`);
  await site.click(byRole('button', 'Save changes'));
  await site.expectText(byCss('.new-poll-done'), `Changes to “${title}” saved.`);
  await site.click(inside(listed, byRole('checkbox', 'Comments')));
  await site.click(inside(listed, byRole('button', `Finalise ${title}`)));
  await site.expectText(listed, 'Decided:');
  await site.expectText(listed, 'Told 1 voter by email.');
  expect(
    await site.read(inside(listed, byRole('checkbox', 'Comments')), (box) => (box as HTMLInputElement).checked),
  ).toBe(false);
  expect(await site.axeViolations()).toEqual([]);

  // Duplicated into New poll, its title there and in focus, then made as a poll of its own.
  await site.click(inside(listed, byRole('button', `Duplicate ${title}`)));
  expect(
    await site.read(titleField, (field) => [(field as HTMLInputElement).value, field === document.activeElement]),
  ).toEqual([title, true]);
  await site.expectText(byCss('.new-poll-done'), `“${title}” is copied here`);
  await site.click(byRole('button', 'Create poll'));
  await site.expectText(byCss('.new-poll-done'), `Poll created: ${title}.`);
  await site.expectText(byCss('.made-polls > li:first-child'), '0 voter(s) · 1 option(s) · Open');

  // The names hidden, the guest (this browser, signed out) still finds their answer, under their name.
  const hidden = await request.post('/api/scheduling/poll-settings', {
    headers: { Authorization: `Bearer ${token}` },
    data: { pollId: poll.id, hideVoters: true },
  });
  expect(hidden.ok()).toBe(true);
  await site.storeToken('');
  await site.goto(`/scheduling_polls/p/${poll.id}`);
  await site.expectVisible(inside(byRole('region', 'Everyone’s answers'), byRole('rowheader', name)));
  expect(await site.errors()).toEqual([]);
});

test('a poll with a deadline says when voting closes, and closes by itself then', async ({ site, request }) => {
  const { token } = await createUser(request, { clearance: 1, prefix: `closer_${site.engine}` });
  const made = await request.post('/api/scheduling/create-poll', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: `Closing poll ${uniqueUsername(site.engine)}`,
      zone: 'Europe/Berlin',
      days: [{ date: inDays(9), slots: ['19:00'] }],
      slotMinutes: 60,
    },
  });
  const poll = ((await made.json()) as { poll: CreatedPoll }).poll;
  // Soon enough for the page to close while it is open: its own timer, not a reload, closes it.
  const closing = await request.post('/api/scheduling/poll-settings', {
    headers: { Authorization: `Bearer ${token}` },
    data: { pollId: poll.id, deadline: Date.now() + 8_000 },
  });
  expect(closing.ok()).toBe(true);

  await site.goto(`/scheduling_polls/p/${poll.id}`);
  await site.expectText(byCss('.sched-deadline'), /^Voting closes \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M/);
  await site.fill(byRole('textbox', 'Name'), uniqueUsername(`Late_${site.engine}`));
  await site.click(byRole('button', 'Save'));
  const slot = byCss('.sched-toggle');
  await site.waitUntil(() => document.querySelector<HTMLButtonElement>('.sched-toggle')?.disabled === false);
  await site.expectText(byCss('[role=status].sched-deadline'), /^Voting closed at its deadline, .+\. The organiser/);
  expect(await site.read(slot, (button) => (button as HTMLButtonElement).disabled)).toBe(true);
  expect(await site.axeViolations()).toEqual([]);
  expect(await site.errors()).toEqual([]);
});

import { createHash } from 'node:crypto';
import { allTasks, cleanStores } from 'nanostores';
import { askedText } from '../../../lib/email.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, tokenFor } from '../../../../tests/setup/browser-session.ts';
import type { VoteRequest } from './api-client.ts';
import type { CommentsResponse } from '../comments/logic.ts';
import type { CreatedPoll, PollOption, Vote } from './schema.ts';
import type { ChoiceResponse } from '../voting/schema.ts';

const api = vi.hoisted(() => ({
  fetchPoll: vi.fn<(pollId: string) => Promise<CreatedPoll & { version: number }>>(),
  fetchPollAnswers: vi.fn<(pollId: string) => Promise<Vote[]>>(),
  fetchPollVersion: vi.fn<(pollId: string) => Promise<number>>(),
  sendVote: vi.fn<(body: VoteRequest, botPass?: string) => Promise<ChoiceResponse>>(),
  fetchPollComments: vi.fn<(pollId: string) => Promise<CommentsResponse>>(),
  sendComment: vi.fn<(pollId: string, text: string, name: string, botPass?: string) => Promise<unknown>>(),
  deleteComment: vi.fn<(pollId: string, commentId: string) => Promise<unknown>>(),
  sendVoterEmail: vi.fn<(body: Record<string, unknown>) => Promise<unknown>>(),
}));
vi.mock('./api-client.ts', () => api);
// The bot check approves, with a pass a new name's claim and a guest's comment carry.
const captcha = vi.hoisted(() => ({ passBotCheck: vi.fn() }));
vi.mock('../../../platform/captcha.ts', () => captcha);
const BOT_PASS = 'bot-pass';

const POLL = 'defense';
const OPTIONS: PollOption[] = [
  { id: '0827-700pm', date: '2026-08-27', time: '19:00', start: 0 },
  { id: '0828-600pm', date: '2026-08-28', time: '18:00', start: 0 },
];
const DEFINITION = { id: POLL, title: 'Defense', description: '', location: '', zone: 'UTC', slotMinutes: 30 };
const yesOnlyPoll = { ...DEFINITION, options: OPTIONS, createdAt: 0, yesOnly: true as const, version: 0 };
const FAILURES = {
  options: 'Failed to fetch schedule items',
  choices: 'Failed to fetch user choices',
  votes: 'Failed to fetch vote details',
};
const voters = new Map<string, number>();
/** A vote as the server answers it: a voter numbered by name here, `mine` when it is the signed-in member's own. */
const vote = (optionIndex: number, username: string, mine = false): Vote => ({
  option: OPTIONS[optionIndex]!.id,
  user: { username },
  answer: 'yes',
  voter: voters.get(username) ?? voters.set(username, voters.size).get(username)!,
  ...(mine ? { mine: true as const } : {}),
});
const said = { id: 'c1', name: 'Jo', member: false, text: 'Friday?', createdAt: '2026-11-26T12:00:00Z' };
const ok = (claimSecret?: string): ChoiceResponse => ({ status: 'Success', claimSecret }) as ChoiceResponse;
const taken = async () => {
  // The store's own ApiError: each test imports the modules afresh. The store acts on the reason,
  // whatever the wording.
  const { ApiError } = await import('../../../platform/api-client.ts');
  throw new ApiError(409, 'Reworded: someone has that name.', 'conflict', undefined, 'name-taken');
};

// A fresh store per test, mounted the way the island mounts it.
async function openPoll(member = '') {
  vi.resetModules();
  const auth = await import('../../../platform/session.ts');
  if (member) auth.setToken(tokenFor({ username: member, firstName: 'Vera' }));
  const store = await import('./store.ts');
  const $poll = store.schedulingPoll(POLL, FAILURES);
  $poll.listen(() => undefined);
  await allTasks();
  return { ...store, $poll };
}

/** Fake timers in a page that stays visible: the poll's refreshes run as the test advances time. */
function inAVisiblePage(): void {
  vi.useFakeTimers();
  vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: vi.fn(), removeEventListener: vi.fn() });
}

describe('scheduling poll store', () => {
  let storage: MemoryStorage;
  let poll: Awaited<ReturnType<typeof openPoll>> | undefined;
  beforeEach(() => {
    for (const call of Object.values(api)) call.mockReset();
    api.fetchPoll.mockResolvedValue(yesOnlyPoll);
    api.fetchPollAnswers.mockResolvedValue([vote(0, 'anon_Jo')]);
    api.fetchPollVersion.mockResolvedValue(0);
    api.fetchPollComments.mockResolvedValue({ comments: [], moderator: false });
    captcha.passBotCheck.mockResolvedValue({ actionApproved: true, message: '', botPass: BOT_PASS });
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    if (poll) cleanStores(poll.$poll);
    poll = undefined;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("loads the options and everyone's votes; a visitor without a name cannot vote", async () => {
    poll = await openPoll();
    expect(api.fetchPoll).toHaveBeenCalledWith(POLL, undefined); // at no version: the first load is never a cached one
    const view = poll.$poll.get();
    expect(view.options).toEqual(OPTIONS);
    expect(view.ifNeedBe).toBe(false);
    expect(view.voters.get('0827-700pm')).toEqual([{ username: 'anon_Jo' }]);
    expect(view.voterNames).toEqual(['anon_Jo']);
    expect(view).toMatchObject({ voter: '', canVote: false, member: undefined });
    expect(api.fetchPollAnswers).toHaveBeenCalledTimes(1); // everyone's votes, and no voter's own
    expect(await poll.toggleChoice(POLL, '0827-700pm')).toBeUndefined();
    expect(api.sendVote).not.toHaveBeenCalled();
  });

  it('closes the votes at the poll’s deadline while the page is open: a click then sends nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    api.fetchPollAnswers.mockResolvedValue([vote(0, 'anon_Jo'), vote(1, 'Demo_Visitor', true)]);
    api.fetchPoll.mockResolvedValue({ ...yesOnlyPoll, deadline: Date.now() + 60_000 });
    poll = await openPoll('demo_visitor');
    expect(poll.$poll.get()).toMatchObject({ canVote: true, deadlinePassed: false });
    await vi.advanceTimersByTimeAsync(60_000 + 250);
    expect(poll.$poll.get()).toMatchObject({ canVote: false, deadlinePassed: true });
    expect(await poll.toggleChoice(POLL, '0827-700pm')).toBeUndefined();
    expect(api.sendVote).not.toHaveBeenCalled();
  });

  it('shows an empty poll when its loads fail', async () => {
    api.fetchPoll.mockRejectedValue(new Error('down'));
    api.fetchPollAnswers.mockRejectedValue(new Error('down'));
    poll = await openPoll();
    expect(poll.$poll.get()).toMatchObject({ options: [], voterNames: [] });
    expect(console.error).toHaveBeenCalledWith(
      'An error has occurred',
      'Failed to fetch schedule items',
      expect.any(Error),
    );
    expect(console.error).toHaveBeenCalledWith(
      'An error has occurred',
      'Failed to fetch vote details',
      expect.any(Error),
    );
  });

  it('lets a member vote under their username once their choices have loaded', async () => {
    api.fetchPollAnswers.mockResolvedValue([vote(0, 'anon_Jo'), vote(1, 'Demo_Visitor', true)]);
    poll = await openPoll('demo_visitor');
    expect(poll.$poll.get()).toMatchObject({ voter: 'demo_visitor', canVote: true, member: { firstName: 'Vera' } });
    expect([...poll.$poll.get().selected]).toEqual(['0828-600pm']);
  });

  it("takes as a member's own only the answers the server marks so, not others under their name", async () => {
    // An earlier, deleted account of the name answered the first option; this account the second.
    const earlier = { ...vote(0, 'demo_visitor'), voter: 7 };
    api.fetchPollAnswers.mockResolvedValue([earlier, vote(1, 'demo_visitor', true)]);
    poll = await openPoll('demo_visitor');
    expect([...poll.$poll.get().selected]).toEqual(['0828-600pm']);
    expect(poll.$poll.get().voters.get('0827-700pm')).toEqual([{ username: 'demo_visitor' }]);
  });

  it('refuses a blank name and one another voter has, and saves a new one', async () => {
    poll = await openPoll();
    poll.saveVoterName(POLL, ['anon_Jo']);
    expect(poll.$poll.get().name).toEqual({ typed: '', saved: false, error: 'Please enter your name.' });
    poll.editVoterName(POLL, ' jo ');
    expect(poll.$poll.get().name.error).toBe('');
    poll.saveVoterName(POLL, ['anon_Jo']);
    expect(poll.$poll.get().name.error).toBe('That name is already taken. Please choose another.');
    expect(poll.$poll.get().canVote).toBe(false);

    poll.editVoterName(POLL, ' Jane  Doe ');
    poll.saveVoterName(POLL, ['anon_Jo']);
    await allTasks();
    expect(storage.getItem(`scheduling-name:${POLL}`)).toBe('Jane  Doe');
    expect(poll.$poll.get()).toMatchObject({ voter: 'anon_Jane_Doe', canVote: true, name: { saved: true, error: '' } });
    expect(poll.$poll.get().selected.size).toBe(0);
  });

  it('accepts a name this browser claimed, and starts from the saved name', async () => {
    storage.setItem(`scheduling-name:${POLL}`, 'Jo');
    storage.setItem(`scheduling-claims:${POLL}`, JSON.stringify({ anon_jo: 'secret' }));
    poll = await openPoll();
    expect(poll.$poll.get()).toMatchObject({ voter: 'anon_Jo', canVote: true, name: { typed: 'Jo', saved: true } });
    poll.editVoterName(POLL, 'Jo');
    poll.saveVoterName(POLL, ['anon_Jo']);
    expect(poll.$poll.get().name).toEqual({ typed: 'Jo', saved: true, error: '' });
  });

  it('where the names are hidden, finds this browser’s own answers by its claim’s tag, and names them', async () => {
    storage.setItem(`scheduling-name:${POLL}`, 'Jo');
    storage.setItem(`scheduling-claims:${POLL}`, JSON.stringify({ anon_jo: 'secret' }));
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const hidden = (optionIndex: number, voter: number, tag?: string): Vote => ({
      option: OPTIONS[optionIndex]!.id,
      user: { username: '', firstName: `Voter ${voter + 1}` },
      answer: 'yes',
      voter,
      ...(tag ? { tag } : {}),
    });
    api.fetchPollAnswers.mockResolvedValue([hidden(0, 0, sha256('other')), hidden(1, 1, sha256(sha256('secret')))]);
    poll = await openPoll();
    await vi.waitFor(() => expect(poll!.$poll.get().choicesFor).toBe('anon_Jo'));
    const view = poll.$poll.get();
    expect([...view.selected]).toEqual(['0828-600pm']);
    expect(view.votes.map((each) => each.user)).toEqual([
      { username: '', firstName: 'Voter 1' },
      { username: 'anon_Jo' },
    ]);
  });

  it('shows a vote at once, then the reloaded votes; undoes it when the server fails', async () => {
    poll = await openPoll('demo_visitor');
    const answer = Promise.withResolvers<ChoiceResponse>();
    api.sendVote.mockReturnValueOnce(answer.promise);
    api.fetchPollAnswers.mockResolvedValue([vote(0, 'anon_Jo'), vote(1, 'demo_visitor', true)]);
    const toggled = poll.toggleChoice(POLL, '0828-600pm');
    expect(poll.$poll.get().selected.has('0828-600pm')).toBe(true);
    answer.resolve(ok());
    await toggled;
    // A member needs no bot pass.
    expect(api.sendVote).toHaveBeenCalledWith(
      { pollId: POLL, optionId: '0828-600pm', username: 'demo_visitor', claimSecret: undefined, answer: 'yes' },
      undefined,
    );
    expect(poll.$poll.get().voters.get('0828-600pm')).toEqual([{ username: 'demo_visitor' }]);

    api.sendVote.mockRejectedValueOnce(new Error('down'));
    await poll.toggleChoice(POLL, '0828-600pm');
    expect(api.sendVote).toHaveBeenLastCalledWith(
      expect.objectContaining({ optionId: '0828-600pm', answer: 'none' }),
      undefined,
    );
    expect(poll.$poll.get().selected.has('0828-600pm')).toBe(true);
    expect(console.error).toHaveBeenCalledWith('An error has occurred', expect.any(Error));
  });

  it('sends a quick second click after the first, with the claim secret the first one got', async () => {
    storage.setItem(`scheduling-name:${POLL}`, 'Jane');
    poll = await openPoll();
    const first = Promise.withResolvers<ChoiceResponse>();
    api.sendVote.mockReturnValueOnce(first.promise).mockResolvedValueOnce(ok());
    void poll.toggleChoice(POLL, '0827-700pm');
    const second = poll.toggleChoice(POLL, '0828-600pm');
    expect([...poll.$poll.get().selected]).toEqual(['0827-700pm', '0828-600pm']);
    await vi.waitFor(() => expect(api.sendVote).toHaveBeenCalledTimes(1));
    expect(api.sendVote.mock.calls[0]![0].claimSecret).toBeUndefined();
    // The name new to this browser brings a bot pass; the second click, with its secret, none.
    expect(api.sendVote.mock.calls[0]![1]).toBe(BOT_PASS);
    first.resolve(ok('s3cret'));
    await second;
    expect(api.sendVote).toHaveBeenCalledTimes(2);
    expect(api.sendVote.mock.calls[1]![0]).toEqual({
      pollId: POLL,
      optionId: '0828-600pm',
      username: 'anon_Jane',
      claimSecret: 's3cret',
      answer: 'yes',
    });
    expect(api.sendVote.mock.calls[1]![1]).toBeUndefined();
    expect(JSON.parse(storage.getItem(`scheduling-claims:${POLL}`)!)).toEqual({ anon_jane: 's3cret' });
  });

  it('reports a name the server says is taken, and undoes the vote', async () => {
    storage.setItem(`scheduling-name:${POLL}`, 'Jo Two');
    poll = await openPoll();
    api.sendVote.mockImplementationOnce(taken);
    await poll.toggleChoice(POLL, '0827-700pm');
    expect(poll.$poll.get()).toMatchObject({
      voter: '',
      canVote: false,
      name: { typed: 'Jo Two', saved: false, error: 'That name is already taken. Please choose another.' },
    });
    expect(poll.$poll.get().selected.size).toBe(0);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('says when the poll is full for a new voter, keeping the saved name, and undoes the vote', async () => {
    storage.setItem(`scheduling-name:${POLL}`, 'Jo Two');
    poll = await openPoll();
    const full = 'This poll has all the voters it can take. Voters already in it can still change their votes.';
    api.sendVote.mockImplementationOnce(async () => {
      const { ApiError } = await import('../../../platform/api-client.ts');
      throw new ApiError(409, 'Reworded: no room.', 'conflict', undefined, 'poll-full');
    });
    await poll.toggleChoice(POLL, '0827-700pm');
    expect(poll.$poll.get()).toMatchObject({ name: { typed: 'Jo Two', saved: true, error: full } });
    expect(poll.$poll.get().selected.size).toBe(0);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('logs a refusal that names no reason, keeping the saved name, and undoes the vote', async () => {
    storage.setItem(`scheduling-name:${POLL}`, 'Jo Two');
    poll = await openPoll();
    api.sendVote.mockImplementationOnce(async () => {
      const { ApiError } = await import('../../../platform/api-client.ts');
      throw new ApiError(409, 'That name is already taken. Please choose another.', 'conflict');
    });
    await poll.toggleChoice(POLL, '0827-700pm');
    expect(poll.$poll.get()).toMatchObject({ name: { typed: 'Jo Two', saved: true, error: '' } });
    expect(poll.$poll.get().selected.size).toBe(0);
    expect(console.error).toHaveBeenCalledOnce();
  });

  it('in a made poll, a click cycles yes → if need be → no, each answer sent as it is', async () => {
    const MADE = 'k3j9x2m4qa7b';
    const options = [{ id: 's-20991025-1900', date: '2099-10-25', time: '19:00', start: 0 }];
    const made = { ...DEFINITION, id: MADE, title: 'Quiz', options, createdAt: 1, version: 0 };
    api.fetchPoll.mockResolvedValue(made);
    api.fetchPollAnswers.mockResolvedValue([]);
    api.sendVote.mockResolvedValue(ok());
    vi.resetModules();
    const auth = await import('../../../platform/session.ts');
    auth.setToken(tokenFor({ username: 'demo_visitor', firstName: 'Vera' }));
    const store = await import('./store.ts');
    const $made = store.schedulingPoll(MADE, FAILURES);
    $made.listen(() => undefined);
    await allTasks();
    expect($made.get()).toMatchObject({
      options,
      details: { title: 'Quiz', zone: 'UTC' },
      canVote: true,
      ifNeedBe: true,
    });

    const id = options[0]!.id;
    const body = { pollId: MADE, optionId: id, username: 'demo_visitor', claimSecret: undefined };
    await store.toggleChoice(MADE, id);
    expect(api.sendVote).toHaveBeenLastCalledWith({ ...body, answer: 'yes' }, undefined);
    expect($made.get().answers.get(id)).toBe('yes');
    await store.toggleChoice(MADE, id);
    expect(api.sendVote).toHaveBeenLastCalledWith({ ...body, answer: 'ifNeedBe' }, undefined);
    expect($made.get().answers.get(id)).toBe('ifNeedBe');
    await store.toggleChoice(MADE, id);
    expect(api.sendVote).toHaveBeenLastCalledWith({ ...body, answer: 'none' }, undefined);
    expect($made.get().answers.has(id)).toBe(false);

    // Finalised: no more voting, from the page either.
    api.fetchPoll.mockResolvedValue({ ...made, version: 4, final: id });
    api.sendVote.mockImplementationOnce(async () => {
      const { ApiError } = await import('../../../platform/api-client.ts');
      throw new ApiError(409, 'Reworded: decided.', 'conflict', undefined, 'poll-closed');
    });
    await store.toggleChoice(MADE, id);
    expect($made.get()).toMatchObject({ details: { final: id }, canVote: false });
    expect($made.get().answers.has(id)).toBe(false);
    expect(console.error).not.toHaveBeenCalled();
    await store.toggleChoice(MADE, id);
    expect(api.sendVote).toHaveBeenCalledTimes(4);
    cleanStores($made);
  });

  it("keeps a vote shown when a refresh's answers, read before it, arrive after it", async () => {
    inAVisiblePage();
    poll = await openPoll('demo_visitor');
    const stale = Promise.withResolvers<Vote[]>();
    api.fetchPollVersion.mockResolvedValue(1);
    api.fetchPollAnswers.mockReturnValueOnce(stale.promise).mockReturnValueOnce(stale.promise);
    await vi.advanceTimersByTimeAsync(poll.REFRESH_MS); // a refresh starts reading, slowly
    api.sendVote.mockResolvedValue(ok());
    api.fetchPollAnswers.mockResolvedValue([vote(1, 'demo_visitor', true)]);
    const toggled = poll.toggleChoice(POLL, '0828-600pm');
    stale.resolve([]);
    await toggled;
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.$poll.get().selected.has('0828-600pm')).toBe(true);
  });

  it('keeps a vote shown when a refresh reads the answers while it is still being sent, and an un-vote too', async () => {
    inAVisiblePage();
    poll = await openPoll('demo_visitor');
    let version = 0;
    api.fetchPollVersion.mockImplementation(async () => version);
    for (const [votes, selected] of [
      [[], true], // the vote clicked, not yet in when the refresh reads
      [[vote(1, 'demo_visitor', true)], false], // the vote taken back, still in when the refresh reads
    ] as const) {
      const answer = Promise.withResolvers<ChoiceResponse>();
      api.sendVote.mockReturnValueOnce(answer.promise);
      const toggled = poll.toggleChoice(POLL, '0828-600pm');
      api.fetchPollAnswers.mockResolvedValue([...votes]);
      version += 1; // another voter's vote moved the poll: the next check refreshes it
      await vi.advanceTimersByTimeAsync(poll.REFRESH_MS);
      expect(poll.$poll.get().selected.has('0828-600pm')).toBe(selected);
      answer.resolve(ok());
      await toggled;
      expect(poll.$poll.get().selected.has('0828-600pm')).toBe(selected);
      api.fetchPollAnswers.mockResolvedValue(selected ? [vote(1, 'demo_visitor', true)] : []);
    }
  });

  it('shows a comment posted while a refresh reads the comments: the refresh read before it is not shown after it', async () => {
    inAVisiblePage();
    poll = await openPoll();
    const stale = Promise.withResolvers<CommentsResponse>();
    api.fetchPollVersion.mockResolvedValue(1); // another visitor's change moved the poll
    api.fetchPollComments.mockReturnValueOnce(stale.promise);
    await vi.advanceTimersByTimeAsync(poll.REFRESH_MS); // a refresh starts reading, slowly
    poll.editComment(POLL, { name: 'Jo', text: 'Friday?' });
    api.sendComment.mockResolvedValueOnce({ status: 'Success' });
    api.fetchPollComments.mockResolvedValue({ comments: [said], moderator: false });
    const posted = poll.postComment(POLL);
    await vi.advanceTimersByTimeAsync(0);
    stale.resolve({ comments: [], moderator: false }); // read before the comment was in
    await posted;
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.$poll.get().comments).toEqual([said]);
  });

  it('shows the decision when a vote is refused as the poll closed, though a refresh read the poll before it', async () => {
    inAVisiblePage();
    poll = await openPoll('demo_visitor');
    const stale = Promise.withResolvers<CreatedPoll & { version: number }>();
    api.fetchPollVersion.mockResolvedValue(1);
    api.fetchPoll.mockReturnValueOnce(stale.promise);
    await vi.advanceTimersByTimeAsync(poll.REFRESH_MS); // a refresh starts reading, slowly
    api.fetchPoll.mockResolvedValue({ ...yesOnlyPoll, version: 2, final: '0827-700pm' });
    api.sendVote.mockImplementationOnce(async () => {
      const { ApiError } = await import('../../../platform/api-client.ts');
      throw new ApiError(409, 'Reworded: decided.', 'conflict', undefined, 'poll-closed');
    });
    const toggled = poll.toggleChoice(POLL, '0828-600pm');
    await vi.advanceTimersByTimeAsync(0);
    stale.resolve(yesOnlyPoll); // read before the organiser decided
    await toggled;
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.$poll.get()).toMatchObject({ details: { final: '0827-700pm' }, canVote: false });
  });

  it('shows a comment posted while the comments first load: that load is not shown after it', async () => {
    const first = Promise.withResolvers<CommentsResponse>();
    api.fetchPollComments.mockReturnValueOnce(first.promise);
    vi.resetModules();
    const store = await import('./store.ts');
    const $poll = store.schedulingPoll(POLL, FAILURES);
    $poll.listen(() => undefined);
    poll = { ...store, $poll };
    store.editComment(POLL, { name: 'Jo', text: 'Friday?' });
    api.sendComment.mockResolvedValueOnce({ status: 'Success' });
    api.fetchPollComments.mockResolvedValue({ comments: [said], moderator: false });
    const posted = store.postComment(POLL);
    await new Promise((settled) => setTimeout(settled, 0));
    first.resolve({ comments: [], moderator: false }); // read before the comment was in
    await posted;
    await allTasks();
    expect($poll.get().comments).toEqual([said]);
  });

  it("reads everyone's answers once for every view: at mount and at each refresh, with a voter too", async () => {
    inAVisiblePage();
    api.fetchPollAnswers.mockResolvedValue([vote(0, 'anon_Jo'), vote(1, 'demo_visitor', true)]);
    poll = await openPoll('demo_visitor');
    expect(api.fetchPollAnswers).toHaveBeenCalledTimes(1);
    expect([...poll.$poll.get().selected]).toEqual(['0828-600pm']);
    api.fetchPollVersion.mockResolvedValue(1);
    api.fetchPollAnswers.mockResolvedValue([vote(0, 'anon_Jo')]);
    await vi.advanceTimersByTimeAsync(poll.REFRESH_MS);
    expect(api.fetchPollAnswers).toHaveBeenCalledTimes(2);
    expect(poll.$poll.get()).toMatchObject({ voterNames: ['anon_Jo'], canVote: true });
    expect(poll.$poll.get().selected.size).toBe(0);
  });

  it('while visible, reads only the version every few seconds, and reloads when it moved', async () => {
    vi.useFakeTimers();
    const listeners = new Map<string, () => void>();
    const page = {
      visibilityState: 'visible',
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: vi.fn(),
    };
    vi.stubGlobal('document', page);
    poll = await openPoll();
    const reads = () => api.fetchPollAnswers.mock.calls.length;
    const loaded = reads();
    await vi.advanceTimersByTimeAsync(poll.REFRESH_MS * 3);
    expect(api.fetchPollVersion).toHaveBeenCalledTimes(4); // at mount, then each check
    expect(reads()).toBe(loaded);

    api.fetchPollVersion.mockResolvedValue(1);
    api.fetchPollAnswers.mockResolvedValue([vote(0, 'anon_Jo'), vote(1, 'anon_Ann')]);
    await vi.advanceTimersByTimeAsync(poll.REFRESH_MS);
    expect(reads()).toBe(loaded + 1);
    // Asked at the version seen, which the CDN may answer for everyone watching.
    expect(api.fetchPollAnswers).toHaveBeenLastCalledWith(POLL, 1);
    expect(api.fetchPoll).toHaveBeenLastCalledWith(POLL, 1);
    expect(poll.$poll.get().voterNames).toEqual(['anon_Jo', 'anon_Ann']);
    await vi.advanceTimersByTimeAsync(poll.REFRESH_MS);
    expect(reads()).toBe(loaded + 1);

    // Hidden: no reads at all; visible again: one check at once.
    page.visibilityState = 'hidden';
    const checks = api.fetchPollVersion.mock.calls.length;
    await vi.advanceTimersByTimeAsync(poll.REFRESH_MS * 4);
    expect(api.fetchPollVersion).toHaveBeenCalledTimes(checks);
    page.visibilityState = 'visible';
    listeners.get('visibilitychange')!();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.fetchPollVersion).toHaveBeenCalledTimes(checks + 1);
  });
  it('loads the comments with the poll, and posts one as a guest under the name typed, then reloads them', async () => {
    poll = await openPoll();
    expect(poll.$poll.get().comments).toEqual([]);
    await poll.postComment(POLL);
    expect(poll.$poll.get().commentForm.error).toBe('Please write a comment first.');
    poll.editComment(POLL, { text: '  Friday?  ' });
    await poll.postComment(POLL);
    expect(poll.$poll.get().commentForm.error).toBe('Please enter your name to comment.');
    expect(api.sendComment).not.toHaveBeenCalled();

    poll.editComment(POLL, { name: 'Jo' });
    api.sendComment.mockResolvedValueOnce({ status: 'Success' });
    api.fetchPollComments.mockResolvedValueOnce({ comments: [said], moderator: false });
    await poll.postComment(POLL);
    expect(api.sendComment).toHaveBeenCalledWith(POLL, '  Friday?  ', 'Jo', BOT_PASS);
    expect(poll.$poll.get().commentForm).toEqual({ text: '', name: 'Jo', error: '', sending: false });
    expect(poll.$poll.get().comments).toEqual([said]);
  });

  it('shows the server’s refusal at the comment form, and a member comments under their account', async () => {
    poll = await openPoll('vera');
    const { ApiError } = await import('../../../platform/api-client.ts');
    api.sendComment.mockRejectedValueOnce(
      new ApiError(409, 'Comments are off here.', 'conflict', undefined, 'comments-off'),
    );
    poll.editComment(POLL, { text: 'Hello' });
    await poll.postComment(POLL);
    expect(api.sendComment).toHaveBeenCalledWith(POLL, 'Hello', '', undefined);
    expect(poll.$poll.get().commentForm).toMatchObject({
      text: 'Hello',
      error: 'Comments are off here.',
      sending: false,
    });
    // The organiser switched them off meanwhile: the poll is read again, and says so.
    expect(api.fetchPoll).toHaveBeenCalledTimes(2);
  });

  it('deletes a comment and reloads them', async () => {
    poll = await openPoll('vera');
    api.deleteComment.mockResolvedValueOnce({ status: 'Success' });
    await poll.deletePollComment(POLL, 'c1');
    expect(api.deleteComment).toHaveBeenCalledWith(POLL, 'c1');
    expect(api.fetchPollComments).toHaveBeenCalledTimes(2);
  });
  it('leaves a voter’s address as the voter they vote as, remembers it here, and refuses one that is not an address', async () => {
    storage.setItem(`scheduling-name:${POLL}`, 'Jo');
    storage.setItem(`scheduling-claims:${POLL}`, JSON.stringify({ anon_jo: 'secret' }));
    poll = await openPoll();
    poll.editVoterEmail(POLL, 'not an address');
    await poll.saveVoterEmail(POLL);
    expect(poll.$poll.get().emailForm.error).toBe('Invalid Email Format');
    expect(api.sendVoterEmail).not.toHaveBeenCalled();
    poll.editVoterEmail(POLL, ' jo@example.com ');
    api.sendVoterEmail.mockResolvedValueOnce({ status: 'Success', kept: true });
    await poll.saveVoterEmail(POLL);
    expect(api.sendVoterEmail).toHaveBeenCalledWith({
      pollId: POLL,
      username: 'anon_Jo',
      claimSecret: 'secret',
      email: 'jo@example.com',
    });
    expect(poll.$poll.get().emailForm).toEqual({
      typed: 'jo@example.com',
      saved: 'jo@example.com',
      error: '',
      sending: false,
    });
    expect(storage.getItem(`scheduling-email:${POLL}`)).toBe('jo@example.com');
  });

  it('leaves a new voter’s address after their first vote, with the claim secret that vote brings back', async () => {
    storage.setItem(`scheduling-name:${POLL}`, 'Jane');
    poll = await openPoll();
    const vote = Promise.withResolvers<ChoiceResponse>();
    api.sendVote.mockReturnValueOnce(vote.promise);
    api.sendVoterEmail.mockResolvedValueOnce({ status: 'Success', kept: true });
    void poll.toggleChoice(POLL, '0827-700pm');
    poll.editVoterEmail(POLL, 'jane@example.com');
    const saved = poll.saveVoterEmail(POLL);
    await Promise.resolve();
    expect(api.sendVoterEmail).not.toHaveBeenCalled();
    vote.resolve(ok('s3cret'));
    await saved;
    expect(api.sendVoterEmail).toHaveBeenCalledWith({
      pollId: POLL,
      username: 'anon_Jane',
      claimSecret: 's3cret',
      email: 'jane@example.com',
    });
    expect(poll.$poll.get().emailForm.saved).toBe('jane@example.com');
  });

  it('posts a comment and deletes one only after the vote clicked before them is answered and the votes reloaded', async () => {
    storage.setItem(`scheduling-name:${POLL}`, 'Jane');
    poll = await openPoll();
    const answer = Promise.withResolvers<ChoiceResponse>();
    api.sendVote.mockReturnValueOnce(answer.promise);
    api.sendComment.mockResolvedValueOnce({ status: 'Success' });
    api.deleteComment.mockResolvedValueOnce({ status: 'Success' });
    void poll.toggleChoice(POLL, '0827-700pm');
    poll.editComment(POLL, { text: 'Friday?' });
    const posted = poll.postComment(POLL);
    const deleted = poll.deletePollComment(POLL, 'c0');
    await new Promise((settled) => setTimeout(settled, 0));
    expect(api.sendComment).not.toHaveBeenCalled();
    expect(api.deleteComment).not.toHaveBeenCalled();
    expect(poll.$poll.get().commentForm.sending).toBe(true);
    answer.resolve(ok('s3cret'));
    await Promise.all([posted, deleted]);
    expect(api.sendComment).toHaveBeenCalledWith(POLL, 'Friday?', 'Jane', BOT_PASS);
    expect(api.deleteComment).toHaveBeenCalledWith(POLL, 'c0');
    // Each change goes once the one before it has been answered and its reload read.
    const [, commentsReloaded] = api.fetchPollComments.mock.invocationCallOrder;
    expect(api.sendComment.mock.invocationCallOrder[0]).toBeGreaterThan(
      api.fetchPollAnswers.mock.invocationCallOrder.at(-1)!,
    );
    expect(api.deleteComment.mock.invocationCallOrder[0]).toBeGreaterThan(commentsReloaded!);
  });

  it('keeps an address or a comment typed while the one before it is being sent', async () => {
    storage.setItem(`scheduling-name:${POLL}`, 'Jane');
    poll = await openPoll();
    const answer = Promise.withResolvers<ChoiceResponse>();
    api.sendVote.mockReturnValueOnce(answer.promise);
    api.sendVoterEmail.mockResolvedValueOnce({ status: 'Success', kept: true });
    api.sendComment.mockResolvedValueOnce({ status: 'Success' });
    void poll.toggleChoice(POLL, '0827-700pm');
    poll.editVoterEmail(POLL, 'jane@example.com');
    const saved = poll.saveVoterEmail(POLL);
    poll.editVoterEmail(POLL, 'jane.doe@example.com');
    poll.editComment(POLL, { text: 'Friday?' });
    const posted = poll.postComment(POLL);
    poll.editComment(POLL, { text: 'Saturday, rather.' });
    answer.resolve(ok('s3cret'));
    await Promise.all([saved, posted]);
    expect(poll.$poll.get().emailForm).toEqual({
      typed: 'jane.doe@example.com',
      saved: 'jane@example.com',
      error: '',
      sending: false,
    });
    expect(poll.$poll.get().commentForm).toMatchObject({ text: 'Saturday, rather.', sending: false });
    expect(api.sendComment).toHaveBeenCalledWith(POLL, 'Friday?', 'Jane', BOT_PASS);
  });

  it('offers a member’s account address, and shows the server’s refusal', async () => {
    poll = await openPoll('vera');
    expect(poll.$poll.get().emailForm.typed).toBe(poll.$poll.get().member?.email);
    const { ApiError } = await import('../../../platform/api-client.ts');
    api.sendVoterEmail.mockRejectedValueOnce(new ApiError(409, 'Answer first.', 'conflict'));
    await poll.saveVoterEmail(POLL);
    expect(poll.$poll.get().emailForm).toMatchObject({ error: 'Answer first.', saved: '', sending: false });
  });

  it('keeps an address nobody confirmed typed, unsaved, and says a link went to it first', async () => {
    poll = await openPoll('vera');
    const typed = poll.$poll.get().emailForm.typed;
    api.sendVoterEmail.mockResolvedValueOnce({ status: 'Success', kept: false, asked: 'sent' });
    await poll.saveVoterEmail(POLL);
    expect(poll.$poll.get().emailForm).toMatchObject({
      typed,
      saved: '',
      sending: false,
      error: askedText(typed, 'sent'),
    });
  });
});

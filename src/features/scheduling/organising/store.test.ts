import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatedPoll } from '../poll/schema.ts';

const api = vi.hoisted(() => ({
  changePollSettings: vi.fn(),
  createPoll: vi.fn(),
  deletePoll: vi.fn(),
  editPoll: vi.fn(),
  fetchOwnPolls: vi.fn(),
  fetchPollVoters: vi.fn(),
  fetchPolls: vi.fn(),
  finalisePoll: vi.fn(),
  removeVoter: vi.fn(),
  reopenPoll: vi.fn(),
}));
vi.mock('./api-client.ts', () => api);

const made = (id: string, title = 'Board games'): CreatedPoll & { voters: number } => ({
  id,
  title,
  description: '',
  location: '',
  zone: 'UTC',
  slotMinutes: 60,
  options: [{ id: 'd-20300101', date: '2030-01-01' }],
  createdAt: 0,
  voters: 0,
});

const page = (polls: ReturnType<typeof made>[], older: string | null = null) => ({ polls, older });

describe('the poll organiser’s store', () => {
  // A fresh module per test: cleanStores also removes the store's onMount loader.
  let organiser: typeof import('./store.ts');
  beforeEach(async () => {
    vi.resetModules();
    organiser = await import('./store.ts');
  });
  afterEach(() => {
    cleanStores(organiser.$madePolls);
    vi.resetAllMocks();
  });

  it('loads the made polls when the organiser first shows them, and says why when it cannot', async () => {
    api.fetchPolls.mockResolvedValueOnce(page([made('aaaaaaaaaaaa')]));
    expect(organiser.$madePolls.get()).toBeNull();
    const stop = organiser.$madePolls.listen(() => {});
    await vi.waitFor(() => expect(organiser.$madePolls.get()).toEqual([made('aaaaaaaaaaaa')]));
    api.fetchPolls.mockRejectedValueOnce(new Error('The store is unavailable.'));
    await organiser.loadPolls();
    expect(organiser.$listError.get()).toBe('The store is unavailable.');
    expect(organiser.$madePolls.get()).toEqual([made('aaaaaaaaaaaa')]); // what was shown stays
    stop();
  });

  it('lists a member’s own polls on their page, and the console’s every poll a page at a time', async () => {
    organiser.chooseScope('mine');
    api.fetchOwnPolls.mockResolvedValueOnce(page([made('mmmmmmmmmmmm')]));
    const stop = organiser.$madePolls.listen(() => {});
    await vi.waitFor(() => expect(organiser.$madePolls.get()).toEqual([made('mmmmmmmmmmmm')]));
    expect(api.fetchPolls).not.toHaveBeenCalled();
    stop();

    organiser.chooseScope('all');
    api.fetchPolls.mockResolvedValueOnce(page([made('cccccccccccc')], '7'));
    await organiser.loadPolls();
    expect(organiser.$olderPolls.get()).toBe('7');
    api.fetchPolls.mockResolvedValueOnce(page([made('bbbbbbbbbbbb'), made('cccccccccccc')], null));
    await organiser.loadOlderPolls();
    expect(api.fetchPolls).toHaveBeenLastCalledWith('7');
    expect(organiser.$madePolls.get()?.map((poll) => poll.id)).toEqual(['cccccccccccc', 'bbbbbbbbbbbb']);
    expect(organiser.$olderPolls.get()).toBeNull();
  });

  it('adds picked dates in date order, once each, and times in time order', () => {
    organiser.addDate('');
    expect(organiser.$draftError.get()).toBe('Please pick a date first.');
    organiser.addDate('2030-01-02');
    organiser.addDate('2030-01-01');
    expect(organiser.$draftError.get()).toBe('');
    organiser.addDate('2030-01-02');
    expect(organiser.$draftError.get()).toBe('2030-01-02 is picked already.');
    organiser.addTime('2030-01-02', '19:00');
    organiser.addTime('2030-01-02', '09:30');
    organiser.addTime('2030-01-02', '19:00');
    organiser.removeTime('2030-01-02', '09:30');
    organiser.removeDate('2030-01-01');
    expect(organiser.$draft.get().days).toEqual([{ date: '2030-01-02', slots: ['19:00'] }]);
  });

  it('checks the poll by the server’s rules before sending it, then starts afresh and reloads the list', async () => {
    const now = Date.UTC(2029, 0, 1);
    await organiser.saveDraft(now);
    expect(organiser.$draftError.get()).toBe('Please give the poll a title.');
    organiser.editDraft({ title: 'x'.repeat(101), zone: 'UTC' });
    await organiser.saveDraft(now);
    expect(organiser.$draftError.get()).toBe('The title must be at most 100 characters.');
    expect(api.createPoll).not.toHaveBeenCalled();

    organiser.editDraft({ title: 'Board games' });
    organiser.addDate('2030-01-01');
    api.createPoll.mockResolvedValueOnce({ status: 'Success', poll: made('bbbbbbbbbbbb') });
    api.fetchPolls.mockResolvedValue(page([made('bbbbbbbbbbbb')]));
    await organiser.saveDraft(now);
    expect(api.createPoll).toHaveBeenCalledWith(expect.objectContaining({ title: 'Board games', zone: 'UTC' }));
    expect(organiser.$created.get()?.id).toBe('bbbbbbbbbbbb');
    expect(organiser.$draft.get()).toEqual(organiser.blankPoll());
    expect(organiser.$creating.get()).toBe(false);
    await vi.waitFor(() => expect(organiser.$madePolls.get()).toEqual([made('bbbbbbbbbbbb')]));
  });

  it('duplicates a made poll into the form: its details and dates with their start times, created as a poll of its own', async () => {
    const source = {
      ...made('cccccccccccc', 'Quiz night'),
      description: 'Bring a pen',
      location: 'The Mill',
      zone: 'Europe/Berlin',
      slotMinutes: 90,
      options: [
        { id: 's-20300101-1800', date: '2030-01-01', time: '18:00', start: 0 },
        { id: 's-20300101-2000', date: '2030-01-01', time: '20:00', start: 0 },
        { id: 'd-20300102', date: '2030-01-02' },
      ],
    };
    organiser.$draftError.set('Please give the poll a title.');
    organiser.duplicate(source);
    expect(organiser.$draft.get()).toEqual({
      title: 'Quiz night',
      description: 'Bring a pen',
      location: 'The Mill',
      zone: 'Europe/Berlin',
      slotMinutes: 90,
      days: [
        { date: '2030-01-01', slots: ['18:00', '20:00'] },
        { date: '2030-01-02', slots: [] },
      ],
    });
    expect(organiser.$draftError.get()).toBe('');
    expect(organiser.$duplicated.get()).toBe('Quiz night');

    api.createPoll.mockResolvedValueOnce({ status: 'Success', poll: made('dddddddddddd', 'Quiz night') });
    api.fetchPolls.mockResolvedValue(page([]));
    await organiser.saveDraft(Date.UTC(2029, 0, 1));
    expect(api.createPoll).toHaveBeenCalledWith(expect.objectContaining({ title: 'Quiz night', slotMinutes: 90 }));
    expect(organiser.$duplicated.get()).toBe('');
  });

  it('edits a made poll in the form and saves it in place, asking first when answers would go', async () => {
    const source = { ...made('eeeeeeeeeeee', 'Quiz night'), options: [{ id: 'd-20280101', date: '2028-01-01' }] };
    organiser.startEdit(source);
    expect(organiser.$editing.get()?.id).toBe('eeeeeeeeeeee');
    expect(organiser.$duplicated.get()).toBe('');
    // A date gone by that the poll has already stays; a new one must be ahead.
    organiser.addDate('2030-01-02');
    organiser.removeDate('2028-01-01');
    // The store's own ApiError: each test imports the modules afresh.
    const { ApiError } = await import('../../../platform/api-client.ts');
    const goes = new ApiError(
      409,
      'The options you took out have 3 answer(s).',
      'conflict',
      { answers: 3 },
      'answers-go',
    );
    api.editPoll.mockRejectedValueOnce(goes);
    await organiser.saveDraft(Date.UTC(2029, 0, 1));
    expect(api.editPoll).toHaveBeenCalledWith('eeeeeeeeeeee', expect.objectContaining({ title: 'Quiz night' }), 0);
    expect(organiser.$answersGoing.get()).toBe(3);
    expect(organiser.$draftError.get()).toBe('');

    api.editPoll.mockResolvedValueOnce({ status: 'Success', poll: source, removedAnswers: 3 });
    api.fetchPolls.mockResolvedValue(page([]));
    await organiser.saveDraft(Date.UTC(2029, 0, 1), 3);
    expect(api.editPoll).toHaveBeenLastCalledWith('eeeeeeeeeeee', expect.anything(), 3);
    expect(api.createPoll).not.toHaveBeenCalled();
    expect(organiser.$answersGoing.get()).toBeNull();
    expect(organiser.$editing.get()).toBeNull();
    expect(organiser.$edited.get()).toBe(
      'Changes to “Quiz night” saved, with the 3 answer(s) to the options taken out.',
    );
    expect(organiser.$draft.get()).toEqual(organiser.blankPoll());

    organiser.startEdit(source);
    organiser.stopEdit();
    expect(organiser.$editing.get()).toBeNull();
    expect(organiser.$draft.get()).toEqual(organiser.blankPoll());
  });

  it('keeps the poll being made and says why when the server refuses it', async () => {
    organiser.editDraft({ title: 'Board games', zone: 'UTC' });
    organiser.addDate('2030-01-01');
    api.createPoll.mockRejectedValueOnce(new Error('You have made too many polls today.'));
    await organiser.saveDraft(Date.UTC(2029, 0, 1));
    expect(organiser.$draftError.get()).toBe('You have made too many polls today.');
    expect(organiser.$draft.get().title).toBe('Board games');
  });

  it('finalises, reopens and (once confirmed) deletes a made poll, a failure shown with that poll', async () => {
    api.fetchPolls.mockResolvedValue(page([]));
    api.finalisePoll.mockResolvedValueOnce({
      status: 'Success',
      told: { sending: 0, delivered: 0, undelivered: 0, 'not-sent': 0 },
    });
    await organiser.finalise('aaaaaaaaaaaa', 'd-20300101');
    expect(api.finalisePoll).toHaveBeenCalledWith('aaaaaaaaaaaa', 'd-20300101');
    expect(api.fetchPolls).toHaveBeenCalledTimes(1);

    api.reopenPoll.mockRejectedValueOnce(new Error('That poll does not exist.'));
    await organiser.reopen('aaaaaaaaaaaa');
    expect(organiser.$pollErrors.get()).toEqual({ aaaaaaaaaaaa: 'That poll does not exist.' });

    organiser.askToDelete('aaaaaaaaaaaa');
    expect(organiser.$confirmingDelete.get()).toBe('aaaaaaaaaaaa');
    organiser.cancelDelete();
    expect(api.deletePoll).not.toHaveBeenCalled();
    organiser.askToDelete('aaaaaaaaaaaa');
    await organiser.confirmDelete('aaaaaaaaaaaa');
    expect(organiser.$confirmingDelete.get()).toBeNull();
    expect(api.deletePoll).toHaveBeenCalledWith('aaaaaaaaaaaa');
    expect(organiser.$pollErrors.get()).toEqual({ aaaaaaaaaaaa: '' });
  });

  it('sends a change clicked while another is on its way after that one and its reload, so no list read before a change shows after it', async () => {
    // The server's poll: each change is in once the server has answered it.
    const server: ReturnType<typeof made> & { commentsOff?: true; final?: string } = made('aaaaaaaaaaaa');
    api.fetchPolls.mockImplementation(async () => page([{ ...server }]));
    organiser.$madePolls.set([made('aaaaaaaaaaaa')]);
    const switched = Promise.withResolvers<void>();
    api.changePollSettings.mockImplementationOnce(async () => {
      await switched.promise;
      server.commentsOff = true;
      return { status: 'Success' };
    });
    api.finalisePoll.mockImplementationOnce(async () => {
      server.final = 'd-20300101';
      return { status: 'Success', told: { sending: 0, delivered: 1, undelivered: 0, 'not-sent': 0 } };
    });
    void organiser.changeSettings('aaaaaaaaaaaa', { comments: false });
    const finalised = organiser.finalise('aaaaaaaaaaaa', 'd-20300101');
    await new Promise((settled) => setTimeout(settled, 0));
    switched.resolve();
    await finalised;
    expect(organiser.$madePolls.get()?.[0]).toMatchObject({ commentsOff: true, final: 'd-20300101' });
    expect(organiser.$pollNotices.get().aaaaaaaaaaaa).toBe('Told 1 voter by email.');
  });

  it('lists a poll made while the list first loads', async () => {
    const first = Promise.withResolvers<ReturnType<typeof page>>();
    api.fetchPolls.mockReturnValueOnce(first.promise).mockResolvedValue(page([made('bbbbbbbbbbbb')]));
    api.createPoll.mockResolvedValueOnce({ status: 'Success', poll: made('bbbbbbbbbbbb') });
    const stop = organiser.$madePolls.listen(() => {});
    organiser.editDraft({ title: 'Board games', zone: 'UTC' });
    organiser.addDate('2030-01-01');
    const created = organiser.saveDraft(Date.UTC(2029, 0, 1));
    await new Promise((settled) => setTimeout(settled, 0));
    first.resolve(page([])); // read before the poll was made
    await created;
    expect(organiser.$madePolls.get()).toEqual([made('bbbbbbbbbbbb')]);
    stop();
  });

  it('lists a poll’s voters with their answers and addresses, and takes one out after asking', async () => {
    const bo = { username: 'anon_Bo', answers: 2, email: 'bo@example.com' };
    const alex = { username: 'alex', firstName: 'Alex', answers: 1 };
    api.fetchPollVoters.mockResolvedValueOnce([bo, alex]);
    await organiser.loadVoters('aaaaaaaaaaaa');
    expect(organiser.$pollVoters.get().aaaaaaaaaaaa).toEqual([bo, alex]);
    organiser.askToRemoveVoter('aaaaaaaaaaaa', bo);
    expect(organiser.$confirmingRemoval.get()).toEqual({ pollId: 'aaaaaaaaaaaa', voter: bo });
    api.removeVoter.mockResolvedValueOnce({ status: 'Success', removedAnswers: 2 });
    api.fetchPollVoters.mockResolvedValueOnce([alex]);
    api.fetchPolls.mockResolvedValueOnce(page([made('aaaaaaaaaaaa')]));
    await organiser.confirmRemoval('aaaaaaaaaaaa', bo);
    expect(api.removeVoter).toHaveBeenCalledWith('aaaaaaaaaaaa', 'anon_Bo');
    expect(organiser.$confirmingRemoval.get()).toBeNull();
    expect(organiser.$pollVoters.get().aaaaaaaaaaaa).toEqual([alex]);
    // A refusal is shown with the poll.
    api.removeVoter.mockRejectedValueOnce(new Error('This voter is not in the poll any more.'));
    await organiser.confirmRemoval('aaaaaaaaaaaa', bo);
    expect(organiser.$pollErrors.get().aaaaaaaaaaaa).toBe('This voter is not in the poll any more.');
  });

  it('says how the decision’s mail went once a poll is finalised, and switches its settings', async () => {
    api.fetchPolls.mockResolvedValue(page([]));
    api.finalisePoll.mockResolvedValueOnce({
      status: 'Success',
      told: { sending: 0, delivered: 2, undelivered: 0, 'not-sent': 1 },
    });
    await organiser.finalise('aaaaaaaaaaaa', 'd-20300101');
    expect(organiser.$pollNotices.get().aaaaaaaaaaaa).toBe(
      "Told 2 voters by email; 1 not sent (the day's mail is used up, or mail is off).",
    );
    expect(organiser.toldNotice({ sending: 0, delivered: 0, undelivered: 0, 'not-sent': 0 })).toBe('');
    expect(organiser.toldNotice({ sending: 0, delivered: 1, undelivered: 1, 'not-sent': 0 })).toBe(
      'Told 1 voter by email; 1 could not be delivered.',
    );
    api.changePollSettings.mockResolvedValueOnce({ status: 'Success' });
    organiser.$madePolls.set([made('aaaaaaaaaaaa')]);
    const changing = organiser.changeSettings('aaaaaaaaaaaa', { comments: false });
    expect(organiser.$madePolls.get()?.[0]).toMatchObject({ commentsOff: true }); // shown at once
    await changing;
    expect(api.changePollSettings).toHaveBeenCalledWith('aaaaaaaaaaaa', { comments: false });
    expect(organiser.$pollNotices.get().aaaaaaaaaaaa).toBe('');
  });
});

import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEDDING } from '../../../content/wedding.ts';
import { type Household, invitationCalendar, invitationTimes } from './logic.ts';
import type { InvitationResponse } from '../schema.ts';

const api = vi.hoisted(() => ({ readInvitation: vi.fn(), sendAnswer: vi.fn() }));
vi.mock('../api-client.ts', () => api);

const TOKEN = 'A'.repeat(32);
const household: Household = {
  guestOne: 'Ada Lovelace',
  numberOfGuests: 1,
  answered: false,
  answeredAt: null,
  changedAt: null,
  answer: { one: { wedding: '', food: '', rehearsal: '', dietary: '' } },
};
const invitation = (open = true): InvitationResponse => ({
  status: 'Success',
  invitation: WEDDING,
  times: invitationTimes(WEDDING),
  calendar: invitationCalendar(WEDDING, 'localhost', 0),
  household,
  open,
});

describe('RSVP page store', () => {
  // A fresh module per test (and the ApiError class of its own client); the page shows the store
  // throughout, as a subscriber does.
  let store: typeof import('./store.ts');
  let refused: (status: number, reason?: string) => Error;
  let stop: () => void;
  beforeEach(async () => {
    vi.resetModules();
    vi.stubGlobal('location', { hash: `#${TOKEN}` });
    vi.stubGlobal('window', { addEventListener: vi.fn(), removeEventListener: vi.fn() });
    store = await import('./store.ts');
    const { ApiError } = await import('../../../platform/api-client.ts');
    refused = (status, reason) => new ApiError(status, 'Refused.', 'x', undefined, reason);
    api.readInvitation.mockResolvedValue(invitation());
    stop = store.$invitation.listen(() => {});
    await allTasks();
  });
  afterEach(() => {
    stop();
    cleanStores(store.$invitation);
    vi.unstubAllGlobals();
    vi.resetAllMocks();
  });

  it("reads the household the address's fragment names when the page first shows it", async () => {
    await vi.waitFor(() => expect(store.$invitation.get()).toMatchObject({ status: 'ready', household, open: true }));
    expect(api.readInvitation).toHaveBeenCalledWith(TOKEN);
  });

  it('says the link is not valid without asking when there is no token, and when the server finds none', async () => {
    api.readInvitation.mockClear();
    vi.stubGlobal('location', { hash: '' });
    await store.loadInvitation();
    expect(store.$invitation.get()).toEqual({ status: 'invalid' });
    expect(api.readInvitation).not.toHaveBeenCalled();

    vi.stubGlobal('location', { hash: `#${TOKEN}` });
    api.readInvitation.mockRejectedValue(refused(404, 'invalid-link'));
    await store.loadInvitation();
    expect(store.$invitation.get()).toEqual({ status: 'invalid' });
  });

  it("shows any other failure's message (too many wrong links, say)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.readInvitation.mockRejectedValue(refused(429));
    await store.loadInvitation();
    expect(store.$invitation.get()).toEqual({ status: 'failed', message: 'Refused.' });
  });

  it('keeps what the server saved, with how the confirmation went', async () => {
    const answered = { ...household, answered: true, answeredAt: '2027-01-01T00:00:00.000Z' };
    api.sendAnswer.mockResolvedValue({ ...invitation(), household: answered, confirmation: 'sent' });
    const answer = { one: { wedding: 'no', food: '', rehearsal: 'no', dietary: '' } } as const;
    expect(await store.submitAnswer(answer, 'ada@example.com')).toBeNull();
    expect(api.sendAnswer).toHaveBeenCalledWith(TOKEN, answer, 'ada@example.com');
    expect(store.$invitation.get()).toMatchObject({ status: 'ready', household: answered, saved: 'sent' });
  });

  it('turns read-only when the deadline has passed, and not valid when the household left the list', async () => {
    const answer = { one: { wedding: 'no', food: '', rehearsal: 'no', dietary: '' } } as const;
    api.sendAnswer.mockRejectedValueOnce(refused(403, 'closed'));
    expect(await store.submitAnswer(answer, '')).toBe('Refused.');
    expect(store.$invitation.get()).toMatchObject({ status: 'ready', open: false });

    api.sendAnswer.mockRejectedValueOnce(refused(404, 'invalid-link'));
    expect(await store.submitAnswer(answer, '')).toBeNull();
    expect(store.$invitation.get()).toEqual({ status: 'invalid' });
  });
});

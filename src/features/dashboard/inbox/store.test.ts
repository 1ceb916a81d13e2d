import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AllOrdersResponse, OwnerOrder } from '../../shop/schema.ts';

const api = vi.hoisted(() => ({
  fetchMessages: vi.fn(),
  markMessage: vi.fn(),
  fetchAllOrders: vi.fn<(before?: string) => Promise<AllOrdersResponse>>(),
  setOrderState: vi.fn<(id: string, state: string) => Promise<{ status: 'Success' }>>(),
  fetchRsvps: vi.fn(),
  markSeen: vi.fn<(what: string, upTo: number) => Promise<{ status: 'Success' }>>(),
}));
vi.mock('./api-client.ts', () => api);

const order = (id: string, createdAt: string): OwnerOrder => ({
  id,
  createdAt,
  lines: [],
  total: null,
  pickup: null,
  mail: 'delivered',
  username: 'ada',
  email: 'ada@example.com',
  state: 'new',
});
const NEWEST = '2026-11-28T08:00:00.000Z';

/** A fresh inbox store with its orders loaded: two, one of them new since `seenUntil`. */
async function inboxWithOrders(seenUntil = Date.parse('2026-11-28T07:30:00.000Z')) {
  vi.resetModules();
  api.fetchAllOrders.mockResolvedValue({
    status: 'Success',
    orders: [order('b', NEWEST), order('a', '2026-11-28T07:00:00.000Z')],
    nextCursor: null,
    unseen: 1,
    seenUntil,
  });
  const store = await import('./store.ts');
  await store.orders.load();
  return store;
}

afterEach(() => vi.clearAllMocks());

describe('the inbox store', () => {
  it('marks the orders shown as seen up to the newest, once, keeping this view’s marks', async () => {
    api.markSeen.mockResolvedValue({ status: 'Success' });
    const store = await inboxWithOrders();
    store.markShownSeen('orders');
    store.markShownSeen('orders');
    expect(api.markSeen).toHaveBeenCalledExactlyOnceWith('orders', Date.parse(NEWEST));
    expect(store.$ordersSeen.get()).toEqual({ unseen: 0, seenUntil: Date.parse('2026-11-28T07:30:00.000Z') });
  });

  it('moves an order at once, and back with the reason when the server refuses', async () => {
    const store = await inboxWithOrders();
    // The class the store's modules loaded (a fresh one after resetModules).
    const { ApiError } = await import('../../../platform/api-client.ts');
    api.setOrderState.mockRejectedValueOnce(new ApiError(404, 'There is no such order.'));
    const moving = store.moveOrder(store.orders.$list.get().items[0]!, 'ready');
    expect(store.orders.$list.get().items[0]?.state).toBe('ready');
    await moving;
    expect(store.orders.$list.get().items[0]?.state).toBe('new');
    expect(store.$inboxSaid.get()).toBe("Could not change ada's order. There is no such order.");
  });
});

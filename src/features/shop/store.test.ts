import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from './schema.ts';

const api = vi.hoisted(() => ({
  clearCartItems: vi.fn(),
  deleteCartItem: vi.fn(),
  fetchCartItems: vi.fn(),
  submitOrder: vi.fn(),
  updateItemQuantity: vi.fn(),
}));
vi.mock('./api-client.ts', () => api);

const line = { _id: 'i1', item: 'Pickles', type: 'Dill', size: 'Pint', quantity: 2 } as unknown as CartItem;

describe('cart store', () => {
  // A fresh module per test: cleanStores also removes the store's onMount loader.
  let shop: typeof import('./store.ts');
  beforeEach(async () => {
    vi.resetModules();
    shop = await import('./store.ts');
  });
  afterEach(() => {
    cleanStores(shop.$cart);
    vi.resetAllMocks();
  });

  it('loads the cart when its page first shows it', async () => {
    api.fetchCartItems.mockResolvedValue([line]);
    expect(shop.$cart.get()).toEqual({ status: 'loading', items: [] });
    const stop = shop.$cart.listen(() => {});
    await vi.waitFor(() => expect(shop.$cart.get()).toEqual({ status: 'ready', items: [line] }));
    expect(api.fetchCartItems).toHaveBeenCalledTimes(1);
    stop();
  });

  it('says the cart failed to load, logging why', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.fetchCartItems.mockRejectedValue(new Error('503'));
    const stop = shop.$cart.listen(() => {});
    await vi.waitFor(() => expect(shop.$cart.get()).toEqual({ status: 'failed', items: [] }));
    expect(console.error).toHaveBeenCalledWith('Failed to fetch cart items.', expect.any(Error));
    stop();
  });
});

import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from './schema.ts';

const api = vi.hoisted(() => ({
  clearCartItems: vi.fn(),
  deleteCartItem: vi.fn(),
  fetchCart: vi.fn(),
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
    api.fetchCart.mockResolvedValue({ cartItems: [line], total: 1400 });
    expect(shop.$cart.get()).toEqual({ status: 'loading', items: [], total: null });
    const stop = shop.$cart.listen(() => {});
    await vi.waitFor(() => expect(shop.$cart.get()).toEqual({ status: 'ready', items: [line], total: 1400 }));
    expect(api.fetchCart).toHaveBeenCalledTimes(1);
    stop();
  });

  it('says the cart failed to load, logging why', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.fetchCart.mockRejectedValue(new Error('503'));
    const stop = shop.$cart.listen(() => {});
    await vi.waitFor(() => expect(shop.$cart.get()).toEqual({ status: 'failed', items: [], total: null }));
    expect(console.error).toHaveBeenCalledWith('Failed to fetch cart items.', expect.any(Error));
    stop();
  });

  it('shows a changed quantity with the server’s new total, read after the change', async () => {
    api.fetchCart.mockResolvedValueOnce({ cartItems: [line], total: 1400 });
    const stop = shop.$cart.listen(() => {});
    await vi.waitFor(() => expect(shop.$cart.get().status).toBe('ready'));
    api.updateItemQuantity.mockResolvedValue({ status: 'Success' });
    api.fetchCart.mockResolvedValueOnce({ cartItems: [{ ...line, quantity: 3 }], total: 2100 });
    expect(await shop.changeQuantity('i1', 3)).toBe(true);
    expect(api.updateItemQuantity).toHaveBeenCalledWith('i1', 3);
    expect(shop.$cart.get()).toEqual({ status: 'ready', items: [{ ...line, quantity: 3 }], total: 2100 });
    stop();
  });

  it('shows only the latest read of the cart when two cross', async () => {
    const first = Promise.withResolvers<unknown>();
    const second = Promise.withResolvers<unknown>();
    api.fetchCart.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const older = shop.loadCart();
    const newer = shop.loadCart();
    second.resolve({ cartItems: [{ ...line, quantity: 3 }], total: 2100 });
    await newer;
    first.resolve({ cartItems: [line], total: 1400 });
    await older;
    expect(shop.$cart.get()).toEqual({ status: 'ready', items: [{ ...line, quantity: 3 }], total: 2100 });
  });
});

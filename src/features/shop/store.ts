// The cart page's state and the actions that change it. Failures are logged as the spec says
// (SPEC section 8) and reported to the caller, which decides on a toast.
import { atom, onMount } from 'nanostores';
import { passBotCheck } from '../../platform/captcha.ts';
import { clearCartItems, deleteCartItem, fetchCart, submitOrder, updateItemQuantity } from './api-client.ts';
import type { PricedCartItem } from './schema.ts';

export interface CartState {
  status: 'loading' | 'ready' | 'failed';
  items: PricedCartItem[];
  /** The server's total in cents; null unless every line has a price. */
  total: number | null;
}

export const $cart = atom<CartState>({ status: 'loading', items: [], total: null });

// The cart loads when its page first shows it.
onMount($cart, () => {
  void loadCart();
});

/** Reads of the cart started, so that only the latest one's answer shows. */
let loads = 0;

/** (Re)loads the cart from the server. */
export async function loadCart(): Promise<void> {
  const mine = ++loads;
  try {
    const { cartItems, total } = await fetchCart();
    if (mine === loads) $cart.set({ status: 'ready', items: cartItems, total });
  } catch (error) {
    console.error('Failed to fetch cart items.', error);
    if (mine === loads) $cart.set({ status: 'failed', items: [], total: null });
  }
}

/** Removes one line and reloads the cart; a failure is logged only. */
export async function removeFromCart(itemId: string): Promise<void> {
  try {
    await deleteCartItem(itemId);
    await loadCart();
  } catch (error) {
    console.error('Failed to delete the item.', error);
  }
}

/**
 * Sets a line's quantity and shows it, with the server's new total, once the server has it;
 * answers whether the change worked (a failure is logged).
 */
export async function changeQuantity(itemId: string, quantity: number): Promise<boolean> {
  try {
    await updateItemQuantity(itemId, quantity);
    await loadCart();
    return true;
  } catch (error) {
    console.error('Failed to change the quantity.', error);
    return false;
  }
}

/** Empties the cart and reloads it; answers whether it worked. */
export async function emptyCart(): Promise<boolean> {
  try {
    await clearCartItems();
    await loadCart();
    return true;
  } catch (error) {
    console.error('An error has occurred', error);
    return false;
  }
}

/** Runs the bot check, then orders the cart and reloads it; answers whether the order went through. */
export async function orderCart(email: string, pickup?: string): Promise<boolean> {
  try {
    const verdict = await passBotCheck('login');
    if (!verdict.actionApproved) {
      console.error('You failed the recaptcha challenge');
      return false;
    }
    await submitOrder($cart.get().items, email, pickup, verdict.botPass);
    await loadCart();
    return true;
  } catch (error) {
    console.error('An error has occurred', error);
    return false;
  }
}

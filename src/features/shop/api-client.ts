// Typed calls to /api/dhh/*. Every call names the session's user, as the spec's payloads do; the
// server checks that name against the token.
import { apiRequest } from '../../platform/api-client.ts';
import { $user } from '../../platform/session.ts';
import { ITEM } from './logic.ts';
import type { AddedResponse, CartItem, CartItemsResponse, StatusResponse } from './schema.ts';

const username = () => $user.get().username;

/** Adds jars to the cart: a new line, or more on the line of the same type and size (capped at 20). */
export function addCartItem(line: Pick<CartItem, 'type' | 'size' | 'quantity'>): Promise<AddedResponse> {
  return apiRequest('dhh/create-cart-item', { method: 'POST', body: { item: ITEM, ...line, username: username() } });
}

/** Reads the cart: its lines, priced by the server, and their total. */
export async function fetchCart(): Promise<Omit<CartItemsResponse, 'status'>> {
  const { cartItems, total } = await apiRequest<CartItemsResponse>('dhh/get-cart-items', {
    method: 'POST',
    body: { username: username() },
  });
  return { cartItems, total };
}

/** Removes one line. */
export function deleteCartItem(itemId: string): Promise<StatusResponse> {
  return apiRequest('dhh/delete-item', { method: 'POST', body: { ownerId: username(), itemId } });
}

/** Sets the quantity of one line. */
export function updateItemQuantity(itemId: string, quantity: number): Promise<StatusResponse> {
  return apiRequest('dhh/update-item-quantity', { method: 'POST', body: { itemId, quantity, username: username() } });
}

/** Empties the cart. */
export function clearCartItems(): Promise<StatusResponse> {
  return apiRequest('dhh/clear-cart', { method: 'POST', body: { username: username() } });
}

/**
 * Orders what is in the cart for pickup on `pickup` (the farm's first day when none), with
 * a confirmation mailed to `email`.
 */
export function submitOrder(
  orderList: CartItem[],
  email: string,
  pickup: string | undefined,
  botPass?: string,
): Promise<StatusResponse> {
  return apiRequest('dhh/submit-order', {
    method: 'POST',
    body: { username: username(), orderList, email, pickup },
    botPass,
  });
}

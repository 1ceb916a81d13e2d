// The shop's toast texts (SPEC section 8) and its 3-second delay (section 9).
import type { ToastOptions } from '../../components/toast.ts';

const SHOP_TOAST_MS = 3000;

export const TOASTS = {
  added: { title: 'Success', text: 'Item successfully added to cart.', variant: 'success', duration: SHOP_TOAST_MS },
  notAdded: {
    title: 'Failed',
    text: 'There was an issue adding the item to your cart.',
    variant: 'failure',
    duration: SHOP_TOAST_MS,
  },
  // The spec gives the cart page this success wording, for orders too (SPEC section 8).
  cartSuccess: {
    title: 'Success',
    text: 'Item successfully added to cart.',
    variant: 'success',
    duration: SHOP_TOAST_MS,
  },
  cartFailure: { title: 'Failed', text: 'An error has occurred.', variant: 'failure', duration: SHOP_TOAST_MS },
  /** The title of the notice that an addition was capped at the most a line holds (its text: logic.ts cappedMessage). */
  capped: { title: 'Quantity capped', text: '', variant: 'info', duration: SHOP_TOAST_MS },
} satisfies Record<string, ToastOptions>;

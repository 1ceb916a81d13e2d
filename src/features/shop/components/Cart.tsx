// The cart page's island: the items with their prices, quantity controls and delete buttons, the
// order summary with the server's total, Clear Cart, and Submit Order with its email modal (SPEC
// sections 2, 4, 5, 8).
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import Field from '../../../components/Field.tsx';
import { showToast } from '../../../components/toast.ts';
import { $user } from '../../../platform/session.ts';
import {
  type PickleType,
  QUANTITY,
  QUANTITY_RULE,
  cartSummary,
  describeItem,
  parseQuantity,
  TOASTS,
} from '../logic.ts';
import { formatPrice } from '../orders.ts';
import type { PricedCartItem } from '../schema.ts';
import { $cart, changeQuantity, emptyCart, orderCart, removeFromCart } from '../store.ts';
import OrderDialog from './OrderDialog.tsx';
// Its styles (cart.css) are imported by its page, which inlines them: an island brings no CSS.

interface CartProps {
  /** A small picture of each product type, built by the page. */
  images: Record<PickleType, string>;
}

export default function Cart({ images }: CartProps) {
  const { status, items, total } = useStore($cart);
  const user = useStore($user);
  const [ordering, setOrdering] = useState(false);
  const empty = items.length === 0;
  const summary = `Order summary: ${cartSummary(items)}${total !== null ? `, ${formatPrice(total)} in all` : ''}`;

  async function clear() {
    if (!(await emptyCart())) showToast(TOASTS.cartFailure);
  }

  async function order(email: string, pickup: string | undefined) {
    const ordered = await orderCart(email, pickup);
    // Closed either way: a toast behind a modal dialog would be inert, unheard by screen readers.
    setOrdering(false);
    showToast(ordered ? TOASTS.cartSuccess : TOASTS.cartFailure);
  }

  return (
    <>
      <div className="cart-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={empty}
          aria-haspopup="dialog"
          onClick={() => setOrdering(true)}
        >
          Submit Order
        </button>
        <button type="button" className="button" disabled={empty} onClick={() => void clear()}>
          Clear Cart
        </button>
      </div>

      {status === 'loading' && <p className="cart-note">Loading your cart...</p>}
      {status === 'failed' && <p className="cart-note">Your cart could not be loaded. Please reload the page.</p>}
      {status === 'ready' && empty && (
        <p className="cart-note">
          Your cart is empty. <a href="/drecoll_hills_harvest/products">Choose some pickles</a>.
        </p>
      )}
      {!empty && (
        <ul className="cart-items" aria-label="Items in your cart">
          {items.map((item) => (
            <li key={item._id} className="cart-item">
              <img src={images[item.type]} alt="" width={96} height={96} />
              <div>
                <h2>
                  {item.type} {item.item}
                </h2>
                <p>Size: {item.size}</p>
                {item.unitPrice !== undefined && (
                  <p>
                    {formatPrice(item.unitPrice)} a jar: {formatPrice(item.unitPrice * item.quantity)}
                  </p>
                )}
                <LineQuantity item={item} />
              </div>
              <button
                type="button"
                className="cart-remove"
                aria-label={`Remove ${describeItem(item)}`}
                onClick={() => void removeFromCart(item._id)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {!empty && (
        <p className="cart-summary" aria-live="polite">
          {summary}
        </p>
      )}

      {ordering && (
        <OrderDialog summary={summary} defaultEmail={user.email} onSubmit={order} onCancel={() => setOrdering(false)} />
      )}
    </>
  );
}

/**
 * A line's quantity: a labelled number input (saved on Enter or on leaving it) between − and +
 * buttons, each naming the line. At 1 or 20 a button is aria-disabled rather than disabled, so
 * keyboard focus stays on it. A failed save puts the saved quantity back and shows the cart's
 * failure toast; a value outside 1 to 20 is not sent and says why.
 */
function LineQuantity({ item }: { item: PricedCartItem }) {
  // What is typed or being saved; null shows the saved quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const line = `${item.type} ${item.item}, ${item.size}`;
  const inputId = `quantity-${item._id}`;

  async function save(quantity: number) {
    if (quantity === item.quantity) return setDraft(null);
    setDraft(String(quantity));
    setSaving(true);
    const saved = await changeQuantity(item._id, quantity);
    setSaving(false);
    setDraft(null);
    if (!saved) showToast(TOASTS.cartFailure);
  }

  function commit() {
    if (draft === null || saving) return;
    const quantity = parseQuantity(draft);
    if (quantity === undefined) {
      setDraft(null);
      showToast({ ...TOASTS.cartFailure, text: QUANTITY_RULE });
      return;
    }
    void save(quantity);
  }

  return (
    <div className="cart-quantity" aria-busy={saving}>
      <Field
        id={inputId}
        label={`Quantity of ${line}`}
        preview={
          <div className="cart-stepper">
            <button
              type="button"
              aria-label={`Decrease quantity of ${line}`}
              aria-disabled={item.quantity <= QUANTITY.min}
              onClick={() => !saving && item.quantity > QUANTITY.min && void save(item.quantity - 1)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={QUANTITY.min}
              max={QUANTITY.max}
              step={1}
              value={draft ?? String(item.quantity)}
              readOnly={saving}
              onChange={(event) => setDraft(event.target.value)}
              onBlur={commit}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commit();
              }}
            />
            <button
              type="button"
              aria-label={`Increase quantity of ${line}`}
              aria-disabled={item.quantity >= QUANTITY.max}
              onClick={() => !saving && item.quantity < QUANTITY.max && void save(item.quantity + 1)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        }
      />
    </div>
  );
}

// The cart page's island: the items with their delete buttons, Clear Cart, and Submit Order with
// its email modal (SPEC sections 2, 4, 5, 8).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { showToast } from '../../../components/toast.ts';
import { $user } from '../../../platform/session.ts';
import type { PickleType } from '../catalogue.ts';
import { describeItem } from '../logic.ts';
import { $cart, emptyCart, loadCart, orderCart, removeFromCart } from '../store.ts';
import { TOASTS } from '../toasts.ts';
import OrderDialog from './OrderDialog.tsx';
import './cart.css';

interface CartProps {
  /** A small picture of each product type, built by the page. */
  images: Record<PickleType, string>;
}

export default function Cart({ images }: CartProps) {
  const { status, items } = useStore($cart);
  const user = useStore($user);
  const [ordering, setOrdering] = useState(false);
  const empty = items.length === 0;

  useEffect(() => {
    void loadCart();
  }, []);

  async function clear() {
    if (!(await emptyCart())) showToast(TOASTS.cartFailure);
  }

  async function order(email: string) {
    const ordered = await orderCart(email);
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
                <p>
                  Size: {item.size} · Quantity: {item.quantity}
                </p>
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

      {ordering && <OrderDialog defaultEmail={user.email} onSubmit={order} onCancel={() => setOrdering(false)} />}
    </>
  );
}

// The dashboard's "Your Orders" card: the user's orders, newest first, a page at a time, each with
// its date, lines, total and where its confirmation mail stands.
import { useStore } from '@nanostores/react';
import { orders as list } from '../store.ts';
import OrderDetails from './OrderDetails.tsx';

const SHOP_PRODUCTS = '/drecoll_hills_harvest/products';

/** Formats when an order was placed, in the visitor's own locale and time zone. */
function placedOn(createdAt: string): string {
  return new Date(createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export default function OrdersCard() {
  const { status, items: orders, next, more } = useStore(list.$list);
  return (
    <section className="card" aria-labelledby="orders-title" aria-busy={status === 'loading'}>
      <h2 id="orders-title">Your Orders</h2>
      {status === 'loading' && <p>Loading your orders...</p>}
      {status === 'failed' && (
        <div role="alert">
          <p>Your orders could not be loaded right now.</p>
          <button type="button" className="button" onClick={() => void list.load()}>
            Try again
          </button>
        </div>
      )}
      {status === 'ready' && orders.length === 0 && (
        <p>
          You have not placed an order yet. <a href={SHOP_PRODUCTS}>Browse our pickles</a>.
        </p>
      )}
      {orders.length > 0 && (
        <ol className="orders" aria-label="Your orders, newest first">
          {orders.map((order) => (
            <li key={order.id} className="order">
              <h3>
                <time dateTime={order.createdAt}>{placedOn(order.createdAt)}</time>
              </h3>
              <OrderDetails order={order} />
            </li>
          ))}
        </ol>
      )}
      {next && (
        <button
          type="button"
          className="button"
          aria-disabled={more === 'loading'}
          onClick={() => void list.loadMore()}
        >
          {more === 'loading' ? 'Loading older orders...' : 'Show older orders'}
        </button>
      )}
      {more === 'failed' && <p role="alert">Older orders could not be loaded. Please try again.</p>}
    </section>
  );
}

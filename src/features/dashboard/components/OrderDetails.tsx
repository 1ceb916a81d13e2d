// An order's items, total, pickup day and where its confirmation mail stands, as the customer's
// Your Orders card and the owner's inbox both show it.
import type { OrderSummary } from '../../shop/schema.ts';
import { describeOrderLine, describeOrderMail, describePickupDay, formatPrice } from '../logic.ts';

export default function OrderDetails({ order }: { order: OrderSummary }) {
  return (
    <>
      <ul aria-label="Items">
        {order.lines.map((line, index) => (
          <li key={index}>{describeOrderLine(line)}</li>
        ))}
      </ul>
      {order.total !== null && <p>Total: {formatPrice(order.total)}</p>}
      {order.pickup && <p>Pickup: {describePickupDay(order.pickup)}</p>}
      <p className="note">{describeOrderMail(order.mail)}</p>
    </>
  );
}

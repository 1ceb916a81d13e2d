import { createRoot } from 'react-dom/client';
import type { PickleType } from '../catalogue.ts';
import Cart from './Cart.tsx';

/** Renders the cart into `container`, with the product pictures the page lists in data-images. */
export function mountCart(container: HTMLElement): void {
  const images = JSON.parse(container.dataset.images ?? '{}') as Record<PickleType, string>;
  createRoot(container).render(<Cart images={images} />);
}

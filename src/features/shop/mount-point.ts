// Where the shop comes to life: the products page's order call (ProductShowcase.astro, order-cta.ts)
// and Select dialog (ProductPicker.astro, product-picker.ts), and the cart page's island (Cart.tsx).
import { mountPoint } from '../../components/mount-point.ts';

export const ORDER_CTA = mountPoint('data-order-cta');
export const PRODUCT_PICKER = mountPoint('data-product-picker');
/** The cart island's element; it lists the product pictures in data-images. */
export const CART = mountPoint('data-cart');

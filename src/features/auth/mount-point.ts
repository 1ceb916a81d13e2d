// Where the auth feature comes to life in a page's content: the shop's greeting (ShopGreeting.astro;
// mounted by shop-greeting.ts). The nav's session area is mounted by the layout (nav-session.ts).
import { mountPoint } from '../../components/mount-point.ts';

export const SHOP_GREETING = mountPoint('data-shop-greeting');

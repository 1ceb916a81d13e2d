// Where the auth feature comes to life in a page's content: the shop's greeting (ShopGreeting.astro;
// mounted by shop-greeting.ts) and the page a mailed link opens (email.astro; email-link.ts). The
// nav's session area is mounted by the layout (nav-session.ts).
import { mountPoint } from '../../components/mount-point.ts';

export const SHOP_GREETING = mountPoint('data-shop-greeting');

/** The page a mailed link opens (/email/): it confirms the address, or unsubscribes it (email-link.ts). */
export const EMAIL_LINK = mountPoint('data-email-link');

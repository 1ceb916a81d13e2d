// Where the wedding's islands come to life: the console (WeddingConsole.tsx) and the RSVP page (RsvpPage.tsx).
import { mountPoint } from '../../components/mount-point.ts';

export const WEDDING_CONSOLE = mountPoint('data-wedding-console');

/** Where the RSVP page's island comes to life (RsvpPage.tsx, on /rsvp). */
export const RSVP_PAGE = mountPoint('data-rsvp');

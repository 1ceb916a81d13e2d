// Where the wedding console's island comes to life (WeddingConsole.tsx, on its page).
import { mountPoint } from '../../components/mount-point.ts';

export const WEDDING_CONSOLE = mountPoint('data-wedding-console');

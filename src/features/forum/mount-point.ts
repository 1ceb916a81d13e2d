// Where the forum's island comes to life (Forum.tsx, on its page).
import { mountPoint } from '../../components/mount-point.ts';

export const FORUM = mountPoint('data-forum');

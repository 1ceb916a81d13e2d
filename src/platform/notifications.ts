// How many of the member's forum notifications are new: shared by the user menu, which reads it
// once a page (src/features/forum/components/notification-count.ts), and the dashboard, whose list
// sets it when it marks them seen. Undefined until read.
import { atom } from 'nanostores';

export const $unseenNotifications = atom<number | undefined>(undefined);

// Where the scheduling console comes to life (SchedulingConsole.astro; mounted by
// scheduling-console.ts), its poll organiser island inside it (PollOrganiser.tsx), and a poll
// page's island (PollPage.astro; mounted by poll-page.ts).
import { mountPoint } from '../../components/mount-point.ts';

export const SCHEDULING_CONSOLE = mountPoint('data-scheduling-console');
export const POLL_ORGANISER = mountPoint('data-poll-organiser');
export const SCHEDULING_POLL = mountPoint('data-scheduling-poll');

// Where the scheduling console comes to life (SchedulingConsole.astro; mounted by
// scheduling-console.ts), its poll organiser island inside it (PollOrganiser.tsx), a member's own
// organiser (scheduling_polls/mine.astro), and a poll page's island (PollPage.astro; mounted by
// poll-page.ts).
import { mountPoint } from '../../components/mount-point.ts';

export const SCHEDULING_CONSOLE = mountPoint('data-scheduling-console');
export const POLL_ORGANISER = mountPoint('data-poll-organiser');
export const MY_POLLS = mountPoint('data-my-polls');
export const SCHEDULING_POLL = mountPoint('data-scheduling-poll');

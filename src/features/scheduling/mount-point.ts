// Where scheduling comes to life: the console (configured/components/SchedulingConsole.astro), its
// poll organiser inside it and a member's own (organising/components/PollOrganiser.tsx), and every
// poll page's one island (poll/components/PollPage.astro → SchedulingPoll.tsx).
import { mountPoint } from '../../components/mount-point.ts';

export const SCHEDULING_CONSOLE = mountPoint('data-scheduling-console');
export const POLL_ORGANISER = mountPoint('data-poll-organiser');
export const MY_POLLS = mountPoint('data-my-polls');
export const SCHEDULING_POLL = mountPoint('data-scheduling-poll');

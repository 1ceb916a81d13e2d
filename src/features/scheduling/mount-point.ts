// Where the scheduling console comes to life (SchedulingConsole.astro; mounted by
// scheduling-console.ts), and its poll organiser island inside it (PollOrganiser.tsx).
import { mountPoint } from '../../components/mount-point.ts';

export const SCHEDULING_CONSOLE = mountPoint('data-scheduling-console');
export const POLL_ORGANISER = mountPoint('data-poll-organiser');

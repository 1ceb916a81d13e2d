// Where scheduling comes to life: the console (configured/components/SchedulingConsole.astro), its
// poll organiser inside it and a member's own (organising/components/PollOrganiser.tsx), and every
// poll page's one island (poll/components/PollPage.astro → SchedulingPoll.tsx).
import { mountPoint } from '../../components/mount-point.ts';
import { mountIsland } from '../../components/mount.ts';

export const SCHEDULING_CONSOLE = mountPoint('data-scheduling-console');
export const POLL_ORGANISER = mountPoint('data-poll-organiser');
export const MY_POLLS = mountPoint('data-my-polls');
export const SCHEDULING_POLL = mountPoint('data-scheduling-poll');

/**
 * Renders a poll page's island: the poll data-poll-id names (a configured poll's own page), else
 * the one the address names (/scheduling_polls/p/<id>), laid out as data-view says.
 */
export function mountSchedulingPoll(container: HTMLElement): Promise<void> {
  const { pollId, view = 'options' } = container.dataset;
  const addressed = location.pathname.split('/').filter(Boolean)[2] ?? '';
  return mountIsland(container, () => import('./poll/components/SchedulingPoll.tsx'), {
    props: () => ({ pollId: pollId ?? addressed, layout: view as 'options' | 'time-slots' | 'dates' }),
  });
}

// Brings a scheduling poll page to life (PollPage.astro): the island for how the page shows its
// poll (data-view): the spec's time slots or dates of the poll data-poll-id names, or the options of
// the poll the address names (/scheduling_polls/p/<id>).
import { mountIsland } from '../../components/mount.ts';

/** Renders the poll island that `container` (data-view, data-poll-id) asks for. */
export function mountSchedulingPoll(container: HTMLElement): Promise<void> {
  const { pollId = '', view } = container.dataset;
  if (view === 'options') {
    const addressed = location.pathname.split('/').filter(Boolean)[2] ?? '';
    return mountIsland(container, () => import('./poll/components/SchedulingPoll.tsx'), {
      props: () => ({ pollId: addressed }),
    });
  }
  if (view === 'dates')
    return mountIsland(container, () => import('./poll/components/DatePoll.tsx'), { props: () => ({ pollId }) });
  return mountIsland(container, () => import('./poll/components/TimeSlotPoll.tsx'), { props: () => ({ pollId }) });
}

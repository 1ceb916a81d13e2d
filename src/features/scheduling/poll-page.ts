// Brings a scheduling poll page to life (PollPage.astro): the poll its container's data attributes
// name, a date poll, time slots for its dates, or a poll made in the console, named by the address
// (/scheduling_polls/p/<id>).
import { mountIsland } from '../../components/mount.ts';

/** Renders the poll island that `container` (data-kind, data-poll-id, data-dates) asks for. */
export function mountSchedulingPoll(container: HTMLElement): Promise<void> {
  const { pollId = '', kind, dates = '' } = container.dataset;
  if (kind === 'created') {
    const madeId = location.pathname.split('/').filter(Boolean)[2] ?? '';
    return mountIsland(container, () => import('./components/CreatedPoll.tsx'), { props: () => ({ pollId: madeId }) });
  }
  if (kind === 'date')
    return mountIsland(container, () => import('./components/DatePoll.tsx'), { props: () => ({ pollId }) });
  return mountIsland(container, () => import('./components/TimeSlotPoll.tsx'), {
    props: () => ({ pollId, dates: dates.split(',') }),
  });
}

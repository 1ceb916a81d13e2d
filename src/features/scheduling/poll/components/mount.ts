// Mounts a poll page's one island: the poll data-poll-id names (a configured poll's own page), else
// the one the address names (/scheduling_polls/p/<id>), laid out as data-view says.
import { mountIsland } from '../../../../components/mount.ts';
import type { Layout } from './SchedulingPoll.tsx';

export function mountSchedulingPoll(container: HTMLElement): Promise<void> {
  const { pollId, view = 'options' } = container.dataset;
  const addressed = location.pathname.split('/').filter(Boolean)[2] ?? '';
  return mountIsland(container, () => import('./SchedulingPoll.tsx'), {
    props: () => ({ pollId: pollId ?? addressed, layout: view as Layout }),
  });
}

import { createRoot } from 'react-dom/client';
import DatePoll from './DatePoll.tsx';
import TimeSlotPoll from './TimeSlotPoll.tsx';

/** Renders the poll named by the container's data attributes: a date poll, or time slots for its dates. */
export function mountSchedulingPoll(container: HTMLElement): void {
  const { pollId = '', kind, dates = '' } = container.dataset;
  createRoot(container).render(
    kind === 'date' ? <DatePoll pollId={pollId} /> : <TimeSlotPoll pollId={pollId} dates={dates.split(',')} />,
  );
}

// How a made poll's options read: the day ('Sun, Oct 25, 2026') and, for a slot, its time in the
// poll's zone with the visitor's own beside it when that differs ("7:00 PM CET, 1:00 PM your time").
import type { CreatedPoll, PollOption } from './new-poll.ts';
import { slotLabel } from './zoned-time.ts';

const DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'YYYY-MM-DD' as 'Sun, Oct 25, 2026'. */
export function dayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return DAY.format(Date.UTC(year, month - 1, day));
}

/** An option's day, and its time for a slot. */
export function optionLabel(
  option: PollOption,
  zone: string,
  visitorZone: string,
): { heading: string; detail?: string } {
  const heading = dayLabel(option.date);
  return option.start === undefined ? { heading } : { heading, detail: slotLabel(option.start, zone, visitorZone) };
}

/** The decision in one line: 'Sun, Oct 25, 2026, 7:00 PM CET' or 'Sun, Oct 25, 2026 (all day)'. */
export function decisionLabel(poll: Pick<CreatedPoll, 'options' | 'final' | 'zone'>, visitorZone: string): string {
  const option = poll.options.find((each) => each.id === poll.final);
  if (!option) return '';
  const { heading, detail } = optionLabel(option, poll.zone, visitorZone);
  return detail ? `${heading}, ${detail}` : `${heading} (all day)`;
}

/** The visitor's own time zone, as the browser knows it. */
export const visitorTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

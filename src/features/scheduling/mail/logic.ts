// The mail a scheduling poll sends: the decision (with an .ics file) and an organiser's daily digest.
// Both go to addresses nobody verified, so neither holds anything a visitor wrote, not even the
// poll's title: only the site's own words, the date and time, counts and links, in plain text.
import { decisionEvent, icsFile, decisionLabel, zoneViewer } from '../time/logic.ts';
import { pollPath } from '../poll/logic.ts';
import type { CreatedPoll } from '../poll/schema.ts';

/** The page where a member finds their polls, for the digest's link. */
export const MY_POLLS_PATH = '/scheduling_polls/mine';

export interface PollMail {
  subject: string;
  text: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

const hostOf = (site: string) => new URL(site).host;

/**
 * The mail that tells a voter the organiser's pick: the day and time in the poll's zone, a link to
 * the poll, and the event as decision.ics (its summary the site's words, with the link).
 */
export function decisionMail(poll: CreatedPoll, site: string, now: number): PollMail {
  const url = new URL(pollPath(poll.id), site).href;
  const picked = decisionLabel(poll, zoneViewer(poll.zone));
  const timed = poll.options.find((option) => option.id === poll.final)?.time !== undefined;
  const event = decisionEvent(poll, now)!;
  const ics = icsFile({
    ...event,
    title: `Picked in a scheduling poll on ${hostOf(site)}`,
    description: `The poll: ${url}`,
    location: undefined,
  });
  return {
    subject: 'A time has been picked',
    text: [
      'Hello,',
      '',
      `The organiser of a scheduling poll you answered on ${hostOf(site)} has picked the final option:`,
      '',
      `  ${picked}${timed ? ` (${poll.zone} time)` : ''}`,
      '',
      `The poll: ${url}`,
      'The attached file (decision.ics) puts it in your calendar.',
      '',
      '-- ',
      'You get this one mail because you left this address when you answered the poll.',
    ].join('\n'),
    attachments: [{ filename: 'decision.ics', contentType: 'text/calendar; charset=utf-8', content: ics }],
  };
}

/** One poll's news in a digest. */
export interface DigestLine {
  pollId: string;
  answers: number;
  voters: number;
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The organiser's daily digest: each poll's new answers and voters, with its link. */
export function digestMail(lines: DigestLine[], site: string): PollMail {
  return {
    subject: 'New answers in your scheduling polls',
    text: [
      'Hello,',
      '',
      `Since the last digest, your scheduling polls on ${hostOf(site)} have new answers:`,
      '',
      ...lines.map(
        ({ pollId, answers, voters }) =>
          `  ${count(answers, 'answer')}${voters > 0 ? ` from ${count(voters, 'new voter')}` : ''}: ${new URL(pollPath(pollId), site).href}`,
      ),
      '',
      `Your polls: ${new URL(MY_POLLS_PATH, site).href}`,
      '',
      '-- ',
      'You get this mail once a day, on days with new answers, because you asked for a digest. To stop',
      'it, untick "Email me a daily digest of new answers" for the poll in Your polls.',
    ].join('\n'),
  };
}

// The mail a scheduling poll sends: the decision (with an .ics file), an organiser's daily digest and
// the word that its deadline has passed.
// Both go to addresses nobody verified, so neither holds anything a visitor wrote, not even the
// poll's title: only the site's own words, the date and time, counts and links, in plain text.
import { pollPath } from '../poll/logic.ts';
import type { CreatedPoll } from '../poll/schema.ts';
import { icsFile } from '../../../lib/calendar.ts';
import { decisionEvent, decisionLabel, zoneViewer } from '../time/logic.ts';

const hostOf = (site: string) => new URL(site).host;

/** The mail that tells a voter the organiser's pick: the day and time in the poll's zone, a link, decision.ics. */
export function decisionMail(poll: CreatedPoll, site: string, now: number) {
  const url = new URL(pollPath(poll.id), site).href;
  const picked = decisionLabel(poll, zoneViewer(poll.zone));
  const timed = poll.options.find((option) => option.id === poll.final)?.time !== undefined;
  const ics = icsFile({
    ...decisionEvent(poll, now)!,
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
export function digestMail(lines: DigestLine[], site: string) {
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
      `Your polls: ${new URL('/scheduling_polls/mine', site).href}`,
      '',
      '-- ',
      'You get this mail once a day, on days with new answers, because you asked for a digest. To stop',
      'it, untick "Email me a daily digest of new answers" for the poll in Your polls.',
    ].join('\n'),
  };
}

/** The mail that tells an organiser their poll's deadline has passed, with its link and their polls'. */
export function deadlineMail(pollId: string, site: string) {
  return {
    subject: 'Voting has closed in your scheduling poll',
    text: [
      'Hello,',
      '',
      `Voting in your scheduling poll on ${hostOf(site)} closed at its deadline. Pick the final option, and`,
      'the voters who left an address hear it by mail:',
      '',
      `  ${new URL(pollPath(pollId), site).href}`,
      '',
      `Your polls: ${new URL('/scheduling_polls/mine', site).href}`,
      '',
      '-- ',
      'You get this one mail because you set a deadline on the poll.',
    ].join('\n'),
  };
}

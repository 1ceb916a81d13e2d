// The one-question poll's rules, pure, shared by the page, the service and their tests: the
// questions (question 0 is the site config's `poll`), the refusals the page shows as they are, who
// sees the results and the results' arithmetic. A voter may tick several options, so a share is of
// the voters, not of the ticks. What needs the store's atomicity is the vote's script (scripts.server.ts).
import { poll } from '../../content/site.config.ts';

export interface Question {
  text: string;
  options: readonly string[];
  /** Closed by the site config (`poll.closed`): closed whatever the store says. */
  closedInConfig: boolean;
}

export const QUESTIONS: readonly Question[] = [
  { text: poll.question, options: poll.options, closedInConfig: poll.closed === true },
];

/** The option ids a question offers: its options' indices as strings ('0', '1', '2'). */
export function optionIds(question: number): string[] {
  return QUESTIONS[question]?.options.map((_, index) => String(index)) ?? [];
}

/** The refusal of a blank name, shown on the page before anything is sent. */
export const BLANK_NAME = 'Please enter your name to vote.';

/** The refusal of an anonymous vote under an account's name (register tells as much: "already taken"). */
export const ACCOUNT_NAME = 'That name belongs to an account. Please log in to vote under it, or choose another name.';

/** The refusal of an empty ballot, shown at the options before anything is sent. */
export const NO_OPTION = 'Pick at least one option.';

/** What a closed question says, on the page and when it refuses a vote. */
export const POLL_CLOSED = 'This poll is closed.';

/**
 * How often a page that shows the results of an open question reads them again, while it is in
 * view: a vote elsewhere shows within this. Each open page costs one read this often (the bench's
 * live-results row prices it).
 */
export const LIVE_RESULTS_MS = 15_000;

/** The owner's Set end date with no date and time given, said at the field before anything is sent. */
export const END_MISSING = 'Choose the date and time voting ends.';

/** How far ahead the owner may set a question's end: a poll runs for days or weeks, not years. */
export const MAX_END_DAYS = 366;

/** Why the owner cannot set a question to end at `endsAt` (ms) at `now`, or undefined when it can. */
export function endProblem(endsAt: number, now: number): string | undefined {
  if (endsAt <= now) return 'The end date must be in the future.';
  if (endsAt > now + MAX_END_DAYS * 86_400_000) return 'The end date must be within a year.';
  return undefined;
}

/**
 * A question is closed when the site config closes it, or the owner did (the store's flag, or the end time reached).
 */
export function isClosed(question: Pick<Question, 'closedInConfig'>, closedInStore: boolean): boolean {
  return question.closedInConfig || closedInStore;
}

/** Who sees the results: a browser that voted, the owner, and everyone once the question is closed. */
export function resultsShown({ voted, owner, closed }: { voted: boolean; owner: boolean; closed: boolean }): boolean {
  return voted || owner || closed;
}

/**
 * What the owner's control offers: Close an open question, Reopen one the owner closed; one the
 * config closes is opened only there, so it offers nothing.
 */
export function ownerAction(question: Pick<Question, 'closedInConfig'>, closed: boolean): 'close' | 'reopen' | 'none' {
  if (question.closedInConfig) return 'none';
  return closed ? 'reopen' : 'close';
}

/** One option's line of the results. */
export interface OptionResult {
  option: string;
  count: number;
  /** The part of the voters who ticked it, 0 to 1 (0 when nobody voted). */
  share: number;
}

export interface Results {
  /** Everyone who ticked at least one of the question's options. */
  voters: number;
  options: OptionResult[];
}

/** The records the results count: one per voter and ticked option (SPEC section 3: Vote record). */
export interface CountedVote {
  inputtedName: string;
  numberVotedFor: string;
  questionNumber: number;
}

/** Counts a question's votes: each option's voters and its share of everyone who voted. */
export function pollResults(question: number, votes: readonly CountedVote[]): Results {
  const options = QUESTIONS[question]?.options ?? [];
  const counts = options.map(() => 0);
  const voters = new Set<string>();
  for (const vote of votes) {
    // Only the ids the question offers ('0', '1', …): '01' or '1.0' is no option.
    const option = options.findIndex((_, index) => String(index) === vote.numberVotedFor);
    if (vote.questionNumber !== question || option < 0) continue;
    counts[option]!++;
    // A voter's records share the name they voted under (one voter per name, in any letter case).
    voters.add(vote.inputtedName.toLowerCase());
  }
  return {
    voters: voters.size,
    options: options.map((option, index) => {
      const count = counts[index]!;
      return { option, count, share: voters.size === 0 ? 0 : count / voters.size };
    }),
  };
}

// The site's language (its pages are <html lang="en">), so the numbers read like the words around them.
const LOCALE = 'en';

let made:
  | {
      wholeNumber: Intl.NumberFormat;
      percent: Intl.NumberFormat;
      plural: Intl.PluralRules;
      moment: Intl.DateTimeFormat;
    }
  | undefined;

/**
 * The number formats, made on first use: making one takes milliseconds (a phone's main thread
 * several times that), and every page's script holds this module, most never formatting a number.
 */
function formats() {
  return (made ??= {
    wholeNumber: new Intl.NumberFormat(LOCALE),
    percent: new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 }),
    plural: new Intl.PluralRules(LOCALE),
    // In the reader's own time zone, named, so an end time reads the same to voters in other places.
    moment: new Intl.DateTimeFormat(LOCALE, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }),
  });
}

/** `n voter(s)` in words: '1 voter', '1,234 voters'. */
function voterCount(voters: number): string {
  const { wholeNumber, plural } = formats();
  return `${wholeNumber.format(voters)} ${plural.select(voters) === 'one' ? 'voter' : 'voters'}`;
}

/**
 * A share as a whole percentage: '33%' (not '33.333%'). A share that would round to 0% or 100%
 * without being it says so ('<1%', '>99%'), so a lone vote never reads as none, nor all but one as all.
 */
export function formatShare(count: number, voters: number): string {
  const { percent } = formats();
  if (voters <= 0 || count <= 0) return percent.format(0);
  if (count >= voters) return percent.format(1);
  const share = count / voters;
  if (share < 0.005) return `<${percent.format(0.01)}`;
  if (share >= 0.995) return `>${percent.format(0.99)}`;
  return percent.format(share);
}

/** An option's count as the page says it: '3 of 5 voters (60%)'; '0 votes' when nobody voted. */
export function describeCount(count: number, voters: number): string {
  if (voters <= 0) return '0 votes';
  return `${formats().wholeNumber.format(count)} of ${voterCount(voters)} (${formatShare(count, voters)})`;
}

/** How many voted, as the results' first line: '5 voters so far' while open, '5 voters' once closed. */
export function describeTotal(voters: number, closed: boolean): string {
  if (voters <= 0) return closed ? 'No votes' : 'No votes yet';
  return closed ? voterCount(voters) : `${voterCount(voters)} so far`;
}

/**
 * When an open question with an end time closes, as the page says it: 'Voting closes Sat, Dec 5, 2026, 06:00 PM UTC.'
 */
export function describeEnd(endsAt: number): string {
  return `Voting closes ${formats().moment.format(endsAt)}.`;
}

// The poll model every scheduling poll is (made by a member, in the console, or configured), the
// pieces every request is made of (SPEC section 7: /api/scheduling/*) and the reasons a refusal
// names. Names are checked here; who may vote under a name is the service's.
import * as v from 'valibot';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../../../lib/names.ts';
import { ANON_PREFIX, MAX_NAME_LENGTH } from './logic.ts';

/** A name a person types (a voter's, a guest commenter's): trimmed, at most `max` characters, no control characters. */
export const typedName = (field: string, max: number) =>
  v.pipe(
    v.string(`${field} must be a string.`),
    v.trim(),
    v.maxLength(max, `Names are at most ${MAX_NAME_LENGTH} characters.`),
    v.check((name) => !hasControlCharacter(name), CONTROL_CHARACTER_MESSAGE),
  );

export const username = v.pipe(
  typedName('username', ANON_PREFIX.length + MAX_NAME_LENGTH),
  v.nonEmpty('Please log in or enter your name to vote.'),
);

export const pollId = v.pipe(v.string('pollId must be a string.'), v.maxLength(64, 'pollId is at most 64 characters.'));
export const optionId = (field: string) =>
  v.pipe(v.string(`${field} must be a string.`), v.nonEmpty(`${field} is required.`), v.maxLength(64));
/** The secret that proves a browser claimed an anonymous name with its first vote. */
export const claimSecret = v.optional(v.pipe(v.string(), v.maxLength(128)));
/** Yes (the spec's only answer, and the default) or "if need be" (in polls that take it). */
export const answer = v.optional(v.picklist(['yes', 'ifNeedBe'], 'answer must be yes or ifNeedBe.'), 'yes');

/** Why a vote or comment was refused, when a page or an adapter acts on it (`reason` beside `error`). */
export type SchedulingReason =
  | 'poll-closed'
  | 'deadline-passed'
  | 'name-taken'
  | 'poll-full'
  | 'unknown-option'
  | 'comments-off'
  | 'comments-full'
  | 'answers-go';

export interface NewPollDay {
  /** 'YYYY-MM-DD' in the poll's zone. */
  date: string;
  /** Start times ('HH:MM'); none for the whole day. */
  slots: string[];
}

/** A poll as the organiser's form makes it: its days, with their slots, make its options. */
export type NewPoll = Pick<CreatedPoll, 'title' | 'description' | 'location' | 'zone' | 'slotMinutes'> & {
  days: NewPollDay[];
};

/** One thing voters answer: a whole day, or a slot that starts at an instant. */
export interface PollOption {
  /** Stable and readable: 'd-20261025' for a day, 's-20261025-1900' for a slot. */
  id: string;
  date: string;
  time?: string;
  start?: number;
  /** The zone's short name at the slot's start ('CET'), made with the poll: the page needs no Intl. */
  zoneName?: string;
  /** A note beside the option (the reunion poll's dates have them). */
  description?: string;
}

/** A poll as it is stored and read. */
export interface CreatedPoll {
  /** A made poll's twelve lower-case letters and digits, or a configured poll's name. */
  id: string;
  title: string;
  description: string;
  location: string;
  zone: string;
  slotMinutes: number;
  options: PollOption[];
  createdAt: number;
  /** The option the organiser picked; a poll with one takes no votes. */
  final?: string;
  /** Takes yes answers only (the configured polls); else yes or if need be. */
  yesOnly?: true;
  /** A setting read beside the definition, never part of it. */
  commentsOff?: true;
  /** The time (ms) its votes close by themselves, when its organiser set one (a setting, as commentsOff). */
  deadline?: number;
  /** Its voters' names are shown to its organiser (and an admin) only (a setting, as commentsOff). */
  votersHidden?: true;
}

/** A poll as an organiser's list shows it: its voters, and for the console the name of the member who made it. */
export type ListedPoll = CreatedPoll & { voters: number; organiser?: string; digest?: true };

/** A page of the console's polls, and the cursor of the next older page (its `before`), or null. */
export interface PollsPage {
  polls: ListedPoll[];
  older: string | null;
}

export interface Voter {
  username: string;
  firstName?: string;
}

export type Answer = 'yes' | 'ifNeedBe';

export interface OptionTally {
  optionId: string;
  yes: number;
  ifNeedBe: number;
}

export interface Vote {
  option: string;
  user: Voter;
  answer: Answer;
  /** Tells the poll's voters apart within one read: two accounts that had one name are two voters. */
  voter: number;
  /** Present on the signed-in member's own answers: their account's, not just their name's. */
  mine?: true;
  /**
   * Where the poll hides names, an anonymous voter's SHA-256 of their claim's hash: their browser finds its own by it.
   */
  tag?: string;
}

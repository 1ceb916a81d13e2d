// The scheduling polls' requests (SPEC section 7: /api/scheduling/*). Names are checked here;
// who may vote under a name is the service's business.
import * as v from 'valibot';
import { isValidEmail } from '../../../lib/email.ts';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../../../lib/names.ts';
import { COMMENT_BLANK, COMMENT_TOO_LONG, MAX_COMMENT_LENGTH, commentText } from '../comments/logic.ts';
import { ANON_PREFIX, INVALID_EMAIL, MAX_NAME_LENGTH } from './logic.ts';

const username = v.pipe(
  v.string('username must be a string.'),
  v.trim(),
  v.nonEmpty('Please log in or enter your name to vote.'),
  v.maxLength(ANON_PREFIX.length + MAX_NAME_LENGTH, `Names are at most ${MAX_NAME_LENGTH} characters.`),
  v.check((name) => !hasControlCharacter(name), CONTROL_CHARACTER_MESSAGE),
);

const pollId = v.pipe(v.string('pollId must be a string.'), v.maxLength(64, 'There is no such poll.'));
const optionId = (field: string) =>
  v.pipe(v.string(`${field} must be a string.`), v.nonEmpty(`${field} is required.`), v.maxLength(64));
/** The secret that proves a browser claimed an anonymous name with its first vote. */
const claimSecret = v.optional(v.pipe(v.string(), v.maxLength(128)));
/** Yes (the spec's only answer, and the default) or "if need be" (in polls that take it). */
const answer = v.optional(v.picklist(['yes', 'ifNeedBe'], 'answer must be yes or ifNeedBe.'), 'yes');

export const choiceRequest = v.object({
  scheduleItemId: optionId('scheduleItemId'),
  pollId,
  username,
  claimSecret,
  answer,
});

export const dateChoiceRequest = v.object({
  date: optionId('date'),
  pollId,
  username,
  claimSecret,
});

/** One answer in any poll: yes, if need be (where the poll takes it), or none to take it back. */
export const voteRequest = v.object({
  pollId,
  optionId: optionId('optionId'),
  username,
  claimSecret,
  answer: v.picklist(['yes', 'ifNeedBe', 'none'], 'answer must be yes, ifNeedBe or none.'),
});

export type ChoiceRequest = v.InferOutput<typeof choiceRequest>;
export type DateChoiceRequest = v.InferOutput<typeof dateChoiceRequest>;
export type VoteRequest = v.InferOutput<typeof voteRequest>;

/**
 * Why a vote was refused, when a page or an adapter acts on it (`reason` beside the `error` text,
 * SPEC section 7): the organiser has decided (`poll-closed`), the name is someone else's
 * (`name-taken`), a new voter finds the poll full (`poll-full`), or the poll has no such option
 * (`unknown-option`, which the spec's endpoints word as a time slot or a date); a comment finds the
 * poll's comments switched off (`comments-off`) or full (`comments-full`).
 */
export type SchedulingReason =
  'poll-closed' | 'name-taken' | 'poll-full' | 'unknown-option' | 'comments-off' | 'comments-full';

/** What add and remove answer; `claimSecret` comes once, with the vote that claims a name. */
export interface ChoiceResponse {
  status: 'Success';
  claimSecret?: string;
}

/** What each console action answers (SPEC section 7). */
export interface AdminResponse {
  status: 'Success' | 'Failed';
  created?: number;
  deleted?: number;
  message?: string;
  error?: string;
}

// ----- Polls made by members and in the console; their rules are newPollProblem's (new-poll.ts) -----

const text = (field: string, max: number) =>
  v.optional(v.pipe(v.string(`${field} must be text.`), v.maxLength(max, `The ${field} is too long.`)), '');

export const newPollRequest = v.object({
  title: text('title', 400),
  description: text('description', 4000),
  location: text('location', 800),
  zone: v.pipe(
    v.string('Please pick a time zone from the list.'),
    v.maxLength(64, 'Please pick a time zone from the list.'),
  ),
  days: v.pipe(
    v.array(
      v.object({
        date: v.pipe(v.string('A date must be text.'), v.maxLength(10, 'A date is YYYY-MM-DD.')),
        slots: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(5))), v.maxLength(100)), []),
      }),
      'Please pick at least one date.',
    ),
    v.maxLength(100, 'Please pick fewer dates.'),
  ),
  slotMinutes: v.optional(v.number('slotMinutes must be a number.'), 60),
});

export const pollRequest = v.object({ pollId });

/** The console's list: `before`, the cursor a previous page gave (`older`), for the next older page. */
export const pollsQuery = v.object({
  before: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,14}$/, 'before must be the cursor a previous page gave (older).'),
      v.transform(Number),
    ),
  ),
});

export const decideRequest = v.object({ pollId, optionId: optionId('optionId') });

/** A voter to take out of a poll, named as the poll's answers name them. */
export const removeVoterRequest = v.object({ pollId, username });

export type NewPollRequest = v.InferOutput<typeof newPollRequest>;

// ----- Comments and a poll's settings -----

/** A comment: the text, and a guest's name (a member's comes from their account). */
export const commentRequest = v.object({
  pollId,
  name: v.optional(
    v.pipe(
      v.string('name must be a string.'),
      v.trim(),
      v.maxLength(MAX_NAME_LENGTH, `Names are at most ${MAX_NAME_LENGTH} characters.`),
      v.check((name) => !hasControlCharacter(name), CONTROL_CHARACTER_MESSAGE),
    ),
    '',
  ),
  text: v.pipe(
    v.string('text must be a string.'),
    v.transform(commentText),
    v.nonEmpty(COMMENT_BLANK),
    v.maxLength(MAX_COMMENT_LENGTH, COMMENT_TOO_LONG),
  ),
});

export const deleteCommentRequest = v.object({
  pollId,
  commentId: v.pipe(v.string('commentId must be a string.'), v.nonEmpty('commentId is required.'), v.maxLength(64)),
});

/** A poll's settings to change; a setting left out stays as it is. */
export const pollSettingsRequest = v.object({
  pollId,
  comments: v.optional(v.boolean('comments must be true or false.')),
  digest: v.optional(v.boolean('digest must be true or false.')),
});

export type CommentRequest = v.InferOutput<typeof commentRequest>;
export type PollSettingsRequest = v.InferOutput<typeof pollSettingsRequest>;

/** The address a voter leaves to hear the decision ('' forgets it), as the voter they vote as. */
export const voterEmailRequest = v.object({
  pollId,
  username,
  claimSecret,
  email: v.pipe(
    v.string('email must be a string.'),
    v.trim(),
    v.maxLength(254, INVALID_EMAIL),
    v.check((email) => email === '' || isValidEmail(email), INVALID_EMAIL),
  ),
});

export type VoterEmailRequest = v.InferOutput<typeof voterEmailRequest>;

/** A voter as the poll's organiser sees them: how many answers, the address they left, how they were told. */
export interface OrganisedVoter {
  username: string;
  firstName?: string;
  answers: number;
  email?: string;
  /** How the decision's mail went, once the poll was finalised. */
  told?: { option: string; delivery: 'sending' | 'delivered' | 'undelivered' | 'not-sent'; note: string };
}

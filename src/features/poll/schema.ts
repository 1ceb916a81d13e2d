// The one-question poll's requests and answers (SPEC section 7: /api/poll/*).
import * as v from 'valibot';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../../lib/names.ts';
import { QUESTIONS, optionIds } from './logic.ts';

export { ACCOUNT_NAME, BLANK_NAME, NO_OPTION, POLL_CLOSED } from './logic.ts';

const question = v.pipe(
  v.number('question must be a number.'),
  v.integer('question must be a whole number.'),
  v.check((index) => QUESTIONS[index] !== undefined, 'There is no such question.'),
);

export const getAllVotesRequest = v.object({ question });

export const createVoteRequest = v.pipe(
  v.object({
    name: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.maxLength(50, 'Your name must be at most 50 characters.'),
      v.check((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE),
    ),
    question,
    vote: v.pipe(
      v.array(v.pipe(v.string(), v.regex(/^\d+$/, 'Each vote is an option number.')), 'vote must be a list.'),
      v.maxLength(10, 'Too many options.'),
    ),
  }),
  // Exactly the ids the question offers: '00' or '1.0' is no option, though it reads as a number.
  v.check(
    ({ question: index, vote }) => vote.every((option) => optionIds(index).includes(option)),
    'There is no such option.',
  ),
);

export type CreateVoteRequest = v.InferOutput<typeof createVoteRequest>;

/** A voter to take out of a question, named as the results name them. */
export const removeVoterRequest = v.object({
  question,
  name: v.pipe(v.string('name must be a string.'), v.trim(), v.nonEmpty('name is required.'), v.maxLength(50)),
});

/** The owner closes a question (`closed: true`) or reopens it (`false`). */
export const setClosedRequest = v.object({ question, closed: v.boolean('closed must be true or false.') });

/**
 * The owner sets the time (ms) a question closes by itself, or takes it away (`null`); logic.ts endProblem judges it.
 */
export const setEndRequest = v.object({
  question,
  endsAt: v.nullable(
    v.pipe(v.number('endsAt must be a time or null.'), v.integer('endsAt must be whole milliseconds.')),
  ),
});

/** One selected option of one voter (SPEC section 3: Vote record). */
export interface VoteRecord {
  inputtedName: string;
  numberVotedFor: string;
  questionNumber: number;
}

export type CreateVoteStatus = 'Success' | 'Failed' | 'alreadyVoted';

/**
 * What `/api/poll/get-all-votes` answers: the spec's `status` and `allVotes`, and whether the
 * question is closed and when it closes by itself, if the owner set a time (additions to SPEC
 * section 7), from the same read.
 */
export interface PollState {
  allVotes: VoteRecord[];
  closed: boolean;
  /** The time (ms) the question closes, or closed, by itself; null when the owner set none. */
  endsAt: number | null;
}

/**
 * Why a vote was refused, when the page acts on it (`reason` beside the `error` text): no name
 * (`blank-name`), an account's name without its login (`account-name`), or a new voter on a full
 * question (`poll-full`), each shown at the name; no option ticked (`no-option`), shown at the
 * options; a closed question (`poll-closed`), which the page then shows closed.
 */
export type PollReason = 'blank-name' | 'account-name' | 'poll-full' | 'no-option' | 'poll-closed';

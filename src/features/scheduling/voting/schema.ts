// A vote's and a voter's address's requests (SPEC section 7). The spec's choices (a schedule item
// or a date) arrive as a vote for an option.
import * as v from 'valibot';
import { type AskOutcome, isValidEmail } from '../../../lib/email.ts';
import { INVALID_EMAIL } from '../poll/logic.ts';
import { answer, claimSecret, optionId, pollId, username } from '../poll/schema.ts';

export const choiceRequest = v.pipe(
  v.object({ scheduleItemId: optionId('scheduleItemId'), pollId, username, claimSecret, answer }),
  v.transform(({ scheduleItemId, ...rest }) => ({ ...rest, optionId: scheduleItemId })),
);

export const dateChoiceRequest = v.pipe(
  v.object({ date: optionId('date'), pollId, username, claimSecret }),
  v.transform(({ date, ...rest }) => ({ ...rest, optionId: date, answer: 'yes' as const })),
);

/** One answer in any poll: yes, if need be (where the poll takes it), or none to take it back. */
export const voteRequest = v.object({
  pollId,
  optionId: optionId('optionId'),
  username,
  claimSecret,
  answer: v.picklist(['yes', 'ifNeedBe', 'none'], 'answer must be yes, ifNeedBe or none.'),
});

export type VoteRequest = v.InferOutput<typeof voteRequest>;

export type ChoiceRequest = v.InferOutput<typeof choiceRequest>;

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

/** What leaving an address did: kept (or forgot) it, or mailed its holder a link to confirm it first. */
export type VoterEmailResponse = { status: 'Success' } & ({ kept: true } | { kept: false; asked: AskOutcome });

/** What a vote answers; `claimSecret` comes once, with the vote that claims a name. */
export interface ChoiceResponse {
  status: 'Success';
  claimSecret?: string;
}

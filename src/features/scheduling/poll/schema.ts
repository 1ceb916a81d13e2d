// The pieces every scheduling request is made of (SPEC section 7: /api/scheduling/*), and the
// reasons a refusal names. Names are checked here; who may vote under a name is the service's.
import * as v from 'valibot';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../../../lib/names.ts';
import { ANON_PREFIX, MAX_NAME_LENGTH } from './logic.ts';

export const username = v.pipe(
  v.string('username must be a string.'),
  v.trim(),
  v.nonEmpty('Please log in or enter your name to vote.'),
  v.maxLength(ANON_PREFIX.length + MAX_NAME_LENGTH, `Names are at most ${MAX_NAME_LENGTH} characters.`),
  v.check((name) => !hasControlCharacter(name), CONTROL_CHARACTER_MESSAGE),
);

export const pollId = v.pipe(v.string('pollId must be a string.'), v.maxLength(64, 'There is no such poll.'));
export const optionId = (field: string) =>
  v.pipe(v.string(`${field} must be a string.`), v.nonEmpty(`${field} is required.`), v.maxLength(64));
/** The secret that proves a browser claimed an anonymous name with its first vote. */
export const claimSecret = v.optional(v.pipe(v.string(), v.maxLength(128)));
/** Yes (the spec's only answer, and the default) or "if need be" (in polls that take it). */
export const answer = v.optional(v.picklist(['yes', 'ifNeedBe'], 'answer must be yes or ifNeedBe.'), 'yes');

/**
 * Why a vote was refused, when a page or an adapter acts on it (`reason` beside the `error` text,
 * SPEC section 7): the organiser has decided (`poll-closed`), the name is someone else's
 * (`name-taken`), a new voter finds the poll full (`poll-full`), or the poll has no such option
 * (`unknown-option`, which the spec's endpoints word as a time slot or a date); a comment finds the
 * poll's comments switched off (`comments-off`) or full (`comments-full`).
 */
export type SchedulingReason =
  'poll-closed' | 'name-taken' | 'poll-full' | 'unknown-option' | 'comments-off' | 'comments-full';

// Voting in any scheduling poll: who may vote under which name, a vote's change, and the address a
// voter leaves to hear the decision.
import * as votes from './repo.server.ts';
import { createHash, randomBytes } from 'node:crypto';
import { AppError, type ErrorCode } from '../../../server/app-error.ts';
import { type RateLimit, rateLimited, scaledForLocalRun } from '../../../server/rate-limit.ts';
import { type Guest, type SignedIn, isSignedIn, sessionOf } from '../../../server/caller.ts';
import { secondsToWait } from '../../../server/scripts/script.ts';
import { checkedWithinRateLimits } from '../../../server/session.ts';
import { askToConfirm } from '../../../server/mail.ts';
import { PASS_USED, checkBotPass } from '../../../server/captcha.ts';
import type { AskOutcome } from '../../../lib/email.ts';
import {
  isPollId,
  NO_SUCH_OPTION,
  ANON_PREFIX,
  NAME_TAKEN,
  POLL_CLOSED,
  DEADLINE_PASSED,
  POLL_FULL,
  anonymousVoter,
  isAnonymous,
  voterKey,
} from '../poll/logic.ts';
import { specPoll } from '../configured/logic.ts';
import { requirePollId } from '../poll/service.server.ts';
import type { SchedulingReason } from '../poll/schema.ts';
import type { VoteRequest, VoterEmailRequest } from './schema.ts';

// Someone ticking every slot of both polls twice stays well inside; a script does not.
export const LIMITS = {
  changesPerAddress: { bucket: 'sched-vote-ip', max: 300, windowSeconds: 600 },
  /** A voter leaves an address once or twice; a script trying addresses under many names is held back. */
  emailsPerAddress: { bucket: 'sched-email-ip', max: 20, windowSeconds: 600 },
} satisfies Record<string, RateLimit>;

// Voters one poll takes: a league or a family reunion is a few dozen people; a script inventing
// names stops here, which also bounds what the poll's public results read (voters × options).
export const MAX_VOTERS_PER_POLL = 500;

/** The voter a request may act as (a member only as themself, a guest only as an 'anon_' name), and
 * the key its votes are stored under: a member's account key, an anonymous name's key form. */
export function resolveVoter(requested: string, caller: SignedIn | Guest) {
  if (isSignedIn(caller)) {
    if (voterKey(requested) !== voterKey(caller.username)) {
      throw new AppError('forbidden', 'You can only vote as yourself.');
    }
    return { username: caller.username, key: caller.accountKey, anonymous: false };
  }
  if (!isAnonymous(requested)) throw new AppError('forbidden', 'Please log in to vote under your username.');
  const username = anonymousVoter(requested.slice(ANON_PREFIX.length));
  if (username === anonymousVoter('')) throw new AppError('bad_request', 'Please enter your name to vote.');
  return { username, key: voterKey(username), anonymous: true };
}

const refusal = (code: ErrorCode, message: string, reason: SchedulingReason) =>
  new AppError<SchedulingReason>(code, message, {}, reason);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Answers an option or takes the answer back; the first vote under an anonymous name returns the name's claim secret.
 */
export async function vote(
  input: VoteRequest,
  caller: SignedIn | Guest,
  address: string,
  botPass?: string | null,
): Promise<{ claimSecret?: string }> {
  const { pollId } = input;
  if (!isPollId(pollId)) throw new AppError('not_found', 'There is no such poll.');
  // Only the configured polls take yes answers only, and theirs is the config's definition.
  if (input.answer === 'ifNeedBe' && specPoll(pollId)?.yesOnly) {
    throw new AppError('bad_request', 'This poll takes yes answers only.');
  }
  const voter = resolveVoter(input.username, caller);
  const change = input.answer === 'none' ? 'remove' : 'add';
  const given = input.claimSecret ? sha256(input.claimSecret) : '';
  const newSecret = randomBytes(24).toString('base64url');
  // A name new to this browser (no claim secret) needs a bot pass: a script filling a poll's
  // voters needs one per name. The claim spends it.
  const pass =
    voter.anonymous && !input.claimSecret && change === 'add'
      ? await checkBotPass(botPass, 'vote', address)
      : undefined;
  // First round trip: an anonymous name's claim, or a signed-in voter's session check; each counts the attempt.
  const claim = voter.anonymous
    ? await votes.claimName(
        pollId,
        { key: voter.key, remove: change === 'remove', secretHash: given, newSecretHash: sha256(newSecret) },
        LIMITS.changesPerAddress,
        address,
        pass,
      )
    : await checkedWithinRateLimits(sessionOf(caller), [[LIMITS.changesPerAddress, address]]).then(() => 'ok' as const);
  // Over register's limits on looking at accounts: the same refusal register gives.
  const claimWait = secondsToWait(claim);
  if (claimWait !== undefined) throw rateLimited(claimWait);
  if (claim === 'pass-used') throw new AppError('forbidden', PASS_USED);
  // A taken name is refused by the change, after the poll's own refusals.
  const outcome = await votes.changeVote(
    {
      pollId,
      optionId: input.optionId,
      ...voter,
      change,
      secretHash: claim === 'claimed' ? sha256(newSecret) : given,
      claimed: claim === 'claimed',
      maxVoters: scaledForLocalRun(MAX_VOTERS_PER_POLL),
      answer: input.answer === 'none' ? 'yes' : input.answer,
    },
    address,
  );
  // Too many names new to the poll from this address.
  const wait = secondsToWait(outcome);
  if (wait !== undefined) throw rateLimited(wait);
  if (outcome === 'no-poll') throw new AppError('not_found', 'There is no such poll.');
  if (outcome === 'unknown-option') throw refusal('bad_request', NO_SUCH_OPTION, 'unknown-option');
  if (outcome === 'closed') throw refusal('conflict', POLL_CLOSED, 'poll-closed');
  if (outcome === 'deadline') throw refusal('conflict', DEADLINE_PASSED, 'deadline-passed');
  if (outcome === 'taken') throw refusal('conflict', NAME_TAKEN, 'name-taken');
  if (outcome === 'full') throw refusal('conflict', POLL_FULL, 'poll-full');
  return claim === 'claimed' ? { claimSecret: newSecret } : {};
}

/** What a visitor hears who leaves an address before answering anything. */
export const NOT_A_VOTER_YET = 'Answer at least one option first, then leave your address.';

/**
 * Keeps the address a voter leaves to hear the decision ('' forgets it), shown only to the
 * organiser, once its holder has confirmed it; until then nothing is kept and the address is mailed
 * a link to confirm it (what `asked` says), after which the voter leaves it again.
 */
export async function leaveEmail(
  input: VoterEmailRequest,
  caller: SignedIn | Guest,
  address: string,
): Promise<{ kept: true } | { kept: false; asked: AskOutcome }> {
  const pollId = requirePollId(input.pollId);
  const voter = resolveVoter(input.username, caller);
  // A signed-in voter's session is checked in the rate limit's round trip, before anything is written.
  await checkedWithinRateLimits(sessionOf(caller), [[LIMITS.emailsPerAddress, address]]);
  const secretHash = input.claimSecret ? sha256(input.claimSecret) : '';
  const outcome = await votes.setVoterEmail(pollId, voter, secretHash, input.email);
  if (outcome === 'not-voter') throw new AppError('conflict', NOT_A_VOTER_YET);
  if (outcome === 'taken') throw refusal('conflict', NAME_TAKEN, 'name-taken');
  if (outcome === 'unconfirmed') return { kept: false, asked: await askToConfirm(input.email, { requester: address }) };
  return { kept: true };
}

export function choicesOf(pollId: string, username: string): Promise<string[]> {
  if (!username.trim()) throw new AppError('bad_request', 'username is required.');
  return votes.voterChoices(pollId, username.trim());
}

// The one-question poll: one vote per voter and question, the voter being the token's user when
// logged in, else the typed name (compared case-insensitively); the owner closes and reopens a
// question, or sets a time it closes by itself; the site config may also close it for good.
import type { Admin } from '../../server/admin-limit.ts';
import { AppError } from '../../server/app-error.ts';
import { PASS_USED, checkBotPass } from '../../server/captcha.ts';
import { type Guest, type SignedIn, isSignedIn, sessionOf } from '../../server/caller.ts';
import { type RateLimit, rateLimited, scaledForLocalRun } from '../../server/rate-limit.ts';
import { secondsToWait } from '../../server/scripts/script.ts';
import { checkedWithinRateLimits } from '../../server/session.ts';
import { ACCOUNT_NAME, BLANK_NAME, NO_OPTION, POLL_CLOSED, QUESTIONS, endProblem, isClosed } from './logic.ts';
import * as repo from './repo.server.ts';
import type { CreateVoteRequest, CreateVoteStatus, PollReason, PollState } from './schema.ts';

// A household votes a few times from one address; a script voting under many names is held back.
export const LIMITS = {
  votesPerAddress: { bucket: 'poll-vote-ip', max: 20, windowSeconds: 600 },
  /**
   * Voters new to a question, signed in or not, per address (an IPv6 /64) an hour: a league inside
   * it, a script filling the question not.
   */
  newVotersPerAddress: { bucket: 'poll-new-voter', max: 10, windowSeconds: 3600 },
} satisfies Record<string, RateLimit>;

// Voters one question takes: a league asks a dozen people; names invented by a script stop here,
// which also bounds what the question's public results (/api/poll/get-all-votes) read.
export const MAX_VOTERS_PER_QUESTION = 500;

export const QUESTION_FULL = 'This poll has all the votes it can take.';

const pollClosed = () => new AppError<PollReason>('conflict', POLL_CLOSED, {}, 'poll-closed');

/** Whether the site config closes the question (then no store flag opens it). */
const closedInConfig = (question: number) => QUESTIONS[question]?.closedInConfig ?? false;

/**
 * A question's votes, one record per selected option, whether it is closed (the config's word, else
 * the owner's flag or end time in the store) and its end time (one round trip for all).
 */
export async function pollState(question: number): Promise<PollState> {
  const { votes, closedInStore, endsAt } = await repo.readQuestion(question);
  const ended = endsAt !== null && Date.now() >= endsAt;
  return {
    allVotes: votes.flatMap((vote) =>
      vote.options.map((option) => ({
        inputtedName: vote.inputtedName,
        numberVotedFor: option,
        questionNumber: question,
      })),
    ),
    closed: isClosed({ closedInConfig: closedInConfig(question) }, closedInStore || ended),
    endsAt,
  };
}

/**
 * Records a vote unless this voter already voted on the question. An empty ballot is a 400; a
 * closed question (by the config, before any store call, or by the owner, inside the vote's
 * script) and a new voter on a full question are 409s. A visitor who is not logged in cannot vote
 * under an account's name (looking for it counts as register's "already taken" does).
 */
export async function castVote(
  input: CreateVoteRequest,
  voter: SignedIn | Guest,
  address: string,
  botPass?: string | null,
): Promise<CreateVoteStatus> {
  const signedIn = isSignedIn(voter);
  const name = signedIn ? voter.username : input.name;
  if (!name) throw new AppError<PollReason>('bad_request', BLANK_NAME, {}, 'blank-name');
  if (input.vote.length === 0) throw new AppError<PollReason>('bad_request', NO_OPTION, {}, 'no-option');
  if (closedInConfig(input.question)) throw pollClosed();
  // An anonymous vote needs a bot pass: a script filling the question needs one per name. The vote spends it.
  const pass = signedIn ? undefined : await checkBotPass(botPass, 'vote', address);
  // A signed-in voter's session is checked in the rate limit's round trip, before the vote is written.
  await checkedWithinRateLimits(sessionOf(voter), [[LIMITS.votesPerAddress, address]]);
  const outcome = await repo.castVote({
    question: input.question,
    vote: { inputtedName: name, options: [...new Set(input.vote)].sort() },
    ...(signedIn ? { accountKey: voter.accountKey } : {}),
    address,
    maxVoters: scaledForLocalRun(MAX_VOTERS_PER_QUESTION),
    newVoters: [LIMITS.newVotersPerAddress, `${input.question}@${address}`],
    pass,
  });
  // Over register's limits on looking at accounts, or the address's new voters: the refusal register gives.
  const wait = secondsToWait(outcome);
  if (wait !== undefined) throw rateLimited(wait);
  if (outcome === 'closed') throw pollClosed();
  if (outcome === 'pass-used') throw new AppError('forbidden', PASS_USED);
  if (outcome === 'taken') throw new AppError<PollReason>('conflict', ACCOUNT_NAME, {}, 'account-name');
  if (outcome === 'full') throw new AppError<PollReason>('conflict', QUESTION_FULL, {}, 'poll-full');
  return outcome === 'added' ? 'Success' : 'alreadyVoted';
}

/** What the owner hears when the voter to remove has no vote on the question (any more). */
export const NO_SUCH_VOTER = 'This voter has no vote on the question any more.';

/**
 * Takes a voter's vote off a question (the owner's moderation: names made up to fill it, a voter
 * who asked); the name can vote again. One round trip, within the admin's limit.
 */
export async function removeVoter(admin: Admin, question: number, name: string): Promise<void> {
  if (!(await repo.removeVote(admin, question, name))) throw new AppError('not_found', NO_SUCH_VOTER);
}

/**
 * The one-question poll's part of `migrate`: members' votes from before account keys move under them; answers how many.
 */
export function migrateVotes(admin: Admin): Promise<number> {
  return repo.migrateVotes(admin, QUESTIONS.length);
}

/** What the owner hears when reopening a question the site config closes. */
export const CLOSED_IN_CONFIG =
  'This poll is closed in the site config (poll.closed in src/content/site.config.ts): reopen it there.';

/**
 * Closes a question (it keeps the time it was first closed) or reopens it: the owner's, from the
 * /poll page or the admin CLI; reopening also takes away an end time already reached. One round
 * trip, within the admin's limit. A question the config closes is not reopened here (409). Answers
 * whether the question is now closed.
 */
export async function setClosed(admin: Admin, question: number, closed: boolean): Promise<{ closed: boolean }> {
  if (!closed && closedInConfig(question)) throw new AppError('conflict', CLOSED_IN_CONFIG);
  await repo.setClosed(admin, question, closed);
  return { closed };
}

/**
 * Sets the time (ms) a question closes by itself, or with null takes it away: the owner's, from the
 * /poll page. A time not ahead, or over a year ahead, is a 400 (logic.ts endProblem); a question
 * the config closes takes none (409). One round trip, within the admin's limit.
 */
export async function setEnd(
  admin: Admin,
  question: number,
  endsAt: number | null,
): Promise<{ endsAt: number | null }> {
  if (closedInConfig(question)) throw new AppError('conflict', CLOSED_IN_CONFIG);
  const problem = endsAt === null ? undefined : endProblem(endsAt, Date.now());
  if (problem) throw new AppError('bad_request', problem);
  await repo.setEnd(admin, question, endsAt);
  return { endsAt };
}

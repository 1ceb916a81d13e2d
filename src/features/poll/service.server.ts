// The one-question poll: one vote per voter and question, the voter being the token's user when
// logged in, else the typed name (compared case-insensitively).
import { AppError } from '../../server/app-error.ts';
import { keys } from '../../server/keys.ts';
import { type RateLimit, withinRateLimits } from '../../server/rate-limit.ts';
import { hashReply, redis } from '../../server/redis.ts';
import { type SessionUser, assertSessionCurrent, readSessionInto } from '../../server/session.ts';
import type { CreateVoteRequest, CreateVoteStatus, VoteRecord } from './schema.ts';

// A household votes a few times from one address; a script voting under many names is held back.
export const LIMITS = {
  votesPerAddress: { bucket: 'poll-vote-ip', max: 20, windowSeconds: 600 },
} satisfies Record<string, RateLimit>;

interface StoredVote {
  inputtedName: string;
  options: string[];
}

/** Lists the votes of a question, one record per selected option (one round trip). */
export async function allVotes(question: number): Promise<VoteRecord[]> {
  const stored = Object.values(hashReply(await redis().hgetall(keys.pollVotes(question))) ?? {});
  return stored.flatMap((json) => {
    const vote = JSON.parse(json) as StoredVote;
    return vote.options.map((option) => ({
      inputtedName: vote.inputtedName,
      numberVotedFor: option,
      questionNumber: question,
    }));
  });
}

/** Records a vote unless this voter already voted on the question. */
export async function castVote(
  input: CreateVoteRequest,
  user: Pick<SessionUser, 'username' | 'session'> | undefined,
  address: string,
): Promise<CreateVoteStatus> {
  const name = user?.username ?? input.name;
  if (!name) throw new AppError('bad_request', 'Please enter your name to vote.');
  // A signed-in voter's session is checked in the rate limit's round trip, before the vote is written.
  const [current] = await withinRateLimits([[LIMITS.votesPerAddress, address]], (pipe) => {
    if (user) readSessionInto(pipe, user.session);
  });
  if (user) assertSessionCurrent(user.session, current);
  const vote: StoredVote = { inputtedName: name, options: [...new Set(input.vote)].sort() };
  const added = await redis().hsetnx(keys.pollVotes(input.question), name.toLowerCase(), JSON.stringify(vote));
  return added === 1 ? 'Success' : 'alreadyVoted';
}

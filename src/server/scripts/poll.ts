// The one-question poll (src/features/poll): a closed question takes no vote, one vote per voter
// and question, no anonymous vote under an account's name, and a question takes a bounded number of
// voters, so its public results stay a bounded read.
import { type AccountProbeArgs, type AccountProbeKeys, PROBE_ACCOUNT } from './account-probe.ts';
import { defineScript } from './script.ts';

/**
 * What a vote did: added, already there, refused for a closed question, for an account's name, for
 * a full question; a number is the seconds to wait, when looking at the name's account is over its limit.
 */
export type PollVoteOutcome = 'added' | 'already' | 'closed' | 'taken' | 'full' | number;

/**
 * Records a vote unless the question is closed (checked first, in the same script as the vote, so
 * no vote lands after the owner closed it), the voter already voted or the question has its most
 * voters. An anonymous
 * vote under a name an account has is refused ('taken'); looking for the account counts in
 * register's counters first, when the name could be an account. KEYS: the question's votes, the
 * account key of the name, the address's names looked at, register's address and name counters.
 * ARGV: voter key, the vote's JSON, '1' when anonymous, the name's key form, the counters' max and
 * window each, '1' when the name could be an account, the most voters. Then KEYS: the address's
 * new-voter counter; ARGV: its allowed new anonymous voters and window: an anonymous vote counts
 * there, and once it holds that many a new one is answered the seconds to wait. Last KEYS: the
 * question's closed flag.
 */
export const castPollVote = defineScript<
  [votes: string, account: string, ...AccountProbeKeys, newVoters: string, closed: string],
  [
    voterKey: string,
    vote: string,
    anonymous: '1' | '0',
    ...AccountProbeArgs,
    couldBeAccount: '1' | '0',
    maxVoters: number,
    newVotersMax: number,
    newVotersWindow: number,
  ],
  PollVoteOutcome
>(`${PROBE_ACCOUNT}
if redis.call('EXISTS', KEYS[7]) == 1 then return 'closed' end
if ARGV[3] == '1' and ARGV[9] == '1' then
  local wait = probe_account(KEYS[3], KEYS[4], KEYS[5], 4)
  if wait > 0 then return wait end
  if redis.call('EXISTS', KEYS[2]) == 1 then return 'taken' end
end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'already' end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[10]) then return 'full' end
if ARGV[3] == '1' then
  if (tonumber(redis.call('GET', KEYS[6]) or '0') or 0) >= tonumber(ARGV[11]) then
    return math.max(redis.call('TTL', KEYS[6]), 1)
  end
  count_in(KEYS[6], math.huge, ARGV[12])
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 'added'`);

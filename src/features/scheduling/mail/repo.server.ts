// Mail's records in Redis (keys in poll/keys.server.ts): how each voter was told of a decision, the
// day's digest and the deadlines passed, reserved out of the day's poll mail.
import { dailyCounter } from '../../../server/daily-cap.ts';
import { keys } from '../../../server/keys.ts';
import { MAIL_COUNTERS } from '../../../server/mail.ts';
import { around, schedulingKeys } from '../poll/keys.server.ts';
import * as scripts from './scripts.server.ts';

/** Records how each voter (by voter key) was told of the decision, as JSON, while the poll and the voter are there. */
export async function recordTold(pollId: string, told: Record<string, string>): Promise<void> {
  await scripts.recordTold.run(
    { polls: schedulingKeys.polls(), people: schedulingKeys.people(pollId), notified: schedulingKeys.notified(pollId) },
    { pollId, told },
  );
}

/**
 * Takes the day's digest rows and reserves as many mails as the day's poll mail (`cap`) and the
 * digests' `share` of it allow, in one round trip.
 */
export async function takeDigests(
  mail: { cap: number; share: number },
  now: number,
): Promise<{ mails: number; rows: scripts.DigestRow[] }> {
  const [dayMail, dayTtl] = dailyCounter(MAIL_COUNTERS.polls, '', now);
  const [dayDigests] = dailyCounter(MAIL_COUNTERS.pollDigests, '', now);
  const { mails, rows } = await scripts.takeDigests.run(
    {
      digests: schedulingKeys.digests(),
      organisers: schedulingKeys.organisers(),
      polls: schedulingKeys.polls(),
      dayMail,
      dayDigests,
      addresses: keys.mailAddresses(),
    },
    {
      userPrefix: keys.user(''),
      state: around(schedulingKeys.state),
      mailCap: mail.cap,
      digestShare: mail.share,
      dayTtl,
    },
  );
  return { mails, rows: Array.isArray(rows) ? rows : [] };
}

/**
 * Takes the polls whose deadline has passed, with where to tell it, reserving their mail out of the
 * day's poll mail (`cap`); one round trip.
 */
export async function takeDeadlines(
  cap: number,
  now: number,
): Promise<{ pollId: string; deadline: number; to: string }[]> {
  const [dayMail, dayTtl] = dailyCounter(MAIL_COUNTERS.polls, '', now);
  const rows = await scripts.takeDeadlines.run(
    {
      deadlines: schedulingKeys.deadlines(),
      polls: schedulingKeys.polls(),
      finals: schedulingKeys.finals(),
      organisers: schedulingKeys.organisers(),
      addresses: keys.mailAddresses(),
      dayMail,
    },
    { now, userPrefix: keys.user(''), state: around(schedulingKeys.state), mailCap: cap, dayTtl },
  );
  return Array.isArray(rows) ? rows : [];
}

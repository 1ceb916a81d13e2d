// Mail from scheduling polls: the decision to each voter who left an address, each organiser's
// daily digest, and the word to an organiser that their poll's deadline has passed. All come out
// of the day's poll mail, reserved in the script that finalises the poll or takes the digest or the
// deadlines; a mail over a cap is recorded as not sent, and the finalising still stands.
import * as repo from './repo.server.ts';
import {
  type DeliveryOutcome,
  MAIL_CAP_NOTE,
  deliverMail,
  digestShare,
  hashOf,
  mailCaps,
} from '../../../server/mail.ts';
import type { OrganisedVoter } from '../organising/schema.ts';
import type { CreatedPoll } from '../poll/schema.ts';
import { type DigestLine, deadlineMail, decisionMail, digestMail } from './logic.ts';

/** A member organiser's share of the day's poll mail: half, so two organisers' decisions always fit. */
export const organiserShare = (cap: number) => Math.ceil(cap / 2);

/** Sending stops this long after it began, well inside a function's 60 s; the rest is not sent. */
const SENDING_BUDGET_MS = 40_000;

/**
 * Mails the decision to the first `mails` addresses (in the order given) one after another, and records how each went.
 */
export async function tellVoters(
  poll: CreatedPoll,
  addresses: [voterKey: string, email: string][],
  mails: number,
  site: string,
  now = Date.now(),
): Promise<Record<DeliveryOutcome['delivery'], number>> {
  const mail = decisionMail(poll, site, now);
  const told: Record<string, string> = {};
  const tally = { sending: 0, delivered: 0, undelivered: 0, 'not-sent': 0 };
  const started = performance.now();
  for (const [index, [voterKey, email]] of addresses.entries()) {
    const outcome: DeliveryOutcome =
      index >= mails
        ? { delivery: 'not-sent', note: `${MAIL_CAP_NOTE} (poll mail)` }
        : performance.now() - started > SENDING_BUDGET_MS
          ? { delivery: 'not-sent', note: 'not sent: out of time' }
          : await deliverMail(
              { ...mail, to: email, idempotencyKey: `decision-${poll.id}-${poll.final}-${hashOf(voterKey)}` },
              'Poll decision',
            );
    tally[outcome.delivery] += 1;
    told[voterKey] = JSON.stringify({ option: poll.final ?? '', ...outcome } satisfies OrganisedVoter['told']);
  }
  if (addresses.length > 0) await repo.recordTold(poll.id, told);
  return tally;
}

/** Sends the day's digests, one mail per organiser address, as many as the day's poll mail allows. */
export async function sendPollDigests(site: string, now = Date.now()): Promise<{ mailed: number; waiting: number }> {
  const { polls: cap } = mailCaps();
  const { mails, rows } = await repo.takeDigests({ cap, share: digestShare(cap) }, now);
  const byAddress = new Map<string, DigestLine[]>();
  for (const { pollId, to, answers, voters } of rows) {
    byAddress.set(to, [...(byAddress.get(to) ?? []), { pollId, answers, voters }]);
  }
  const day = new Date(now).toISOString().slice(0, 10);
  let mailed = 0;
  for (const [to, lines] of [...byAddress].sort(([a], [b]) => a.localeCompare(b)).slice(0, mails)) {
    const outcome = await deliverMail(
      { ...digestMail(lines, site), to, idempotencyKey: `digest-${day}-${hashOf(to)}` },
      'Poll digest',
    );
    if (outcome.delivery === 'delivered') mailed += 1;
  }
  return { mailed, waiting: byAddress.size - mails };
}

/**
 * Tells each organiser whose poll's deadline has passed, once, within the day's poll mail;
 * the rest are told at the next run.
 */
export async function tellDeadlines(site: string, now = Date.now()): Promise<number> {
  let mailed = 0;
  for (const { pollId, deadline, to } of await repo.takeDeadlines(mailCaps().polls, now)) {
    const outcome = await deliverMail(
      { ...deadlineMail(pollId, site), to, idempotencyKey: `deadline-${pollId}-${deadline}` },
      'Poll deadline',
    );
    if (outcome.delivery === 'delivered') mailed += 1;
  }
  return mailed;
}

// Mail from scheduling polls (logic.ts words it): the decision to each voter who left an
// address, when the organiser finalises the poll, and each organiser's daily digest of new answers.
// Both come out of the day's poll mail (src/server/mail.ts MAIL_DAILY_POLL_CAP), reserved in the
// script that finalises the poll or takes the digest, and a member organiser's decisions out of
// their share of it, so one organiser cannot use up the day's poll mail for everyone. A mail over
// a cap is recorded as not sent; the finalising itself always stands.
import * as repo from './repo.server.ts';
import { createHash } from 'node:crypto';
import { type DeliveryOutcome, MAIL_CAP_NOTE, deliverMail, mailCaps } from '../../../server/mail.ts';
import type { CreatedPoll } from '../poll/schema.ts';
import { type DigestLine, decisionMail, digestMail } from './logic.ts';

/** A member organiser's share of the day's poll mail: half, so two organisers' decisions always fit. */
export const organiserShare = (cap: number) => Math.ceil(cap / 2);

/**
 * Sending stops this long after it began, well inside a synchronous function's 60 s, however slow
 * the mail service answers (a mail takes at most 5 s); what is left is recorded as not sent.
 */
export const SENDING_BUDGET_MS = 40_000;

/** How a voter was told of the decision, as the organiser's list of voters shows it. */
export interface Told extends DeliveryOutcome {
  /** The option decided when the mail went. */
  option: string;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * Mails the decision to the first `mails` of the voters' addresses (the rest over the caps), one
 * after another, as Resend's rate limit asks, and records how each went, in one round trip.
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
  for (const [index, [voterKey, email]] of [...addresses].sort(([a], [b]) => a.localeCompare(b)).entries()) {
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
    told[voterKey] = JSON.stringify({ option: poll.final ?? '', ...outcome } satisfies Told);
  }
  if (addresses.length > 0) await repo.recordTold(poll.id, told);
  return tally;
}

/**
 * Sends the day's digests: per organiser address (or the owner's inbox for the console's polls), one
 * mail with each of their polls' new answers and voters since the last digest, as many as the day's
 * poll mail allows; the counts start again from nothing. Answers how many mails were sent.
 */
export async function sendPollDigests(site: string, now = Date.now()): Promise<{ mailed: number; waiting: number }> {
  const { mails, rows } = await repo.takeDigests(mailCaps().polls, now);
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

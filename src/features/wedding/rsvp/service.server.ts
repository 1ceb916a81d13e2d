// The RSVP page's use cases: a household read through its link's token, and its answer saved, then
// confirmed by mail when the guest gave an address (used for that mail, never stored). An address
// that keeps sending wrong tokens is held off (LIMITS.wrongLinksPerAddress), so nobody can scan for
// links; a link that finds nothing answers the same whether it never existed or its household left.
import { WEDDING } from '../../../content/wedding.ts';
import { AppError } from '../../../server/app-error.ts';
import { askToConfirm, deliverAndRecord } from '../../../server/mail.ts';
import { type RateLimit, rateLimited } from '../../../server/rate-limit.ts';
import { siteUrl } from '../../../server/settings.ts';
import { tokenHash } from '../links.server.ts';
import * as repo from '../repo.server.ts';
import {
  RSVP_TEXT,
  answerFields,
  answerProblems,
  cleanAnswer,
  householdOf,
  invitationCalendar,
  invitationTimes,
  isOpen,
  rsvpConfirmation,
  rsvpLink,
} from './logic.ts';
import type { Answered, ConfirmationOutcome, Invitation, RsvpAnswerRequest, RsvpReason } from '../schema.ts';

// A guest who mistypes a link tries a few times; a scanner tries thousands. An answer is given once
// and changed a few times; a family sharing one address answers for a few households.
export const LIMITS = {
  wrongLinksPerAddress: { bucket: 'rsvp-wrong-link', max: 10, windowSeconds: 3600 },
  answersPerAddress: { bucket: 'rsvp-answer-ip', max: 30, windowSeconds: 3600 },
  answersPerHousehold: { bucket: 'rsvp-answer-household', max: 10, windowSeconds: 3600 },
} satisfies Record<string, RateLimit>;

/** The invitation, its times and calendar entries, as the page shows them to `household`. */
function invitationFor(household: Invitation['household'], open: boolean, now: number): Invitation {
  const host = new URL(siteUrl(process.env) ?? 'http://localhost').host;
  return {
    invitation: WEDDING,
    times: invitationTimes(WEDDING),
    calendar: invitationCalendar(WEDDING, host, now),
    household,
    open,
  };
}

const invalidLink = () => new AppError<RsvpReason>('not_found', RSVP_TEXT.invalidLink, {}, 'invalid-link');

/** Reads the household a link's token finds, and whether answers are still taken. One round trip. */
export async function readInvitation(token: string, address: string, now = Date.now()): Promise<Invitation> {
  const found = await repo.readHousehold(tokenHash(token), [LIMITS.wrongLinksPerAddress, address]);
  if ('limitedFor' in found) throw rateLimited(found.limitedFor);
  if ('unknown' in found) throw invalidLink();
  return invitationFor(householdOf(found.guest, found.reply, WEDDING.menu), isOpen(WEDDING, now), now);
}

/**
 * Saves a household's answer, until the deadline (then 403 `closed`), and mails a confirmation to
 * `email` when one is given and its holder has confirmed it (else a link to confirm it), within the
 * household's daily cap and the day's RSVP mail budget (over either the answer is saved and the mail
 * recorded not-sent). Three round trips with a confirmation: the answer with its limits and mail
 * counts, the mail's check of the address, then how the mail went.
 */
export async function answerInvitation(
  input: RsvpAnswerRequest,
  address: string,
  requestId: string,
  now = Date.now(),
): Promise<Answered> {
  if (!isOpen(WEDDING, now)) throw new AppError<RsvpReason>('forbidden', RSVP_TEXT.closed, {}, 'closed');
  const answer = cleanAnswer({ one: input.one, two: input.two });
  const [problem] = answerProblems(answer, WEDDING.menu, input.email);
  if (problem) throw new AppError('bad_request', problem.message);

  const hash = tokenHash(input.token);
  const email = input.email.trim();
  const outcome = await repo.saveAnswer(
    hash,
    answerFields(answer),
    answer.two !== undefined,
    email,
    {
      wrongLinks: [LIMITS.wrongLinksPerAddress, address],
      perAddress: [LIMITS.answersPerAddress, address],
      perHousehold: [LIMITS.answersPerHousehold, hash],
    },
    new Date(now),
  );
  if ('limitedFor' in outcome) throw rateLimited(outcome.limitedFor);
  if ('unknown' in outcome) throw invalidLink();
  if ('guestTwo' in outcome) {
    throw new AppError('bad_request', outcome.guestTwo === 'needed' ? RSVP_TEXT.needsGuestTwo : RSVP_TEXT.noGuestTwo);
  }

  const { key, guest, reply, mail } = outcome.saved;
  const answered = invitationFor(householdOf(guest, reply, WEDDING.menu), true, now);
  if (mail === 'unconfirmed') {
    // An address its holder has not confirmed gets a link to confirm it instead (counted in no RSVP budget).
    await askToConfirm(email, { requester: address });
    return { ...answered, confirmation: 'confirm-address' };
  }
  if (mail === 'none') return { ...answered, confirmation: 'none' };
  if (mail !== 'send') {
    // Over a cap the answer stands; the script has recorded its mail as not sent.
    console.warn(`[${requestId}] RSVP saved, confirmation not sent: daily mail cap reached (${mail}).`);
    return { ...answered, confirmation: 'not-sent' };
  }
  const site = siteUrl(process.env);
  const delivered = await deliverAndRecord(
    {
      ...rsvpConfirmation(answer, WEDDING, site ? rsvpLink(site, input.token) : undefined),
      to: email,
      idempotencyKey: `rsvp-${hash.slice(0, 32)}-${reply.submittedAt}`,
    },
    `[${requestId}] RSVP confirmation`,
    ({ delivery, note }) => repo.recordDelivery(key, reply.submittedAt!, delivery, note),
  );
  const confirmation: ConfirmationOutcome = delivered.delivery === 'delivered' ? 'sent' : 'not-sent';
  return { ...answered, confirmation };
}

// The wedding endpoints' requests (valibot) and answers: the console's guest list with each
// household's RSVP link and when it answered, the export mark, and the RSVP page's two calls (read
// a household by its link's token, answer for it). The rules of an answer are in rsvp/logic.ts.
import * as v from 'valibot';
import type { WeddingContent } from '../../content/wedding.ts';
import type { Guest } from '../../content/wedding-guests.ts';
import { MAX_EMAIL_LENGTH } from '../../lib/email.ts';
import {
  type Household,
  type InvitationCalendar,
  type InvitationTimes,
  MAX_DIETARY_LENGTH,
  MAX_NAME_LENGTH,
  cleanLine,
} from './rsvp/logic.ts';

/**
 * The refusals the RSVP page tells apart: a link that finds no household (never made, or
 * removed: the same), and the deadline passed.
 */
export type RsvpReason = 'invalid-link' | 'closed';

/** A link's token: base64url; anything else finds nothing, as a wrong one does. */
const token = v.pipe(v.string('The link is missing its token.'), v.maxLength(200, 'This link is not valid.'));
const yesNo = v.picklist(['yes', 'no', ''], 'An answer must be yes or no.');
/** One typed line, cleaned as rsvp/logic.ts keeps it; the rules (length, plain text) are answerProblems'. */
const line = (max: number) => v.pipe(v.string(), v.maxLength(max * 4), v.transform(cleanLine));
const person = {
  wedding: yesNo,
  food: v.pipe(v.string(), v.maxLength(200)),
  rehearsal: yesNo,
  dietary: line(MAX_DIETARY_LENGTH),
};

export const rsvpReadRequest = v.object({ token });
export type RsvpReadRequest = v.InferOutput<typeof rsvpReadRequest>;

export const rsvpAnswerRequest = v.object({
  token,
  one: v.object(person),
  two: v.optional(v.object({ ...person, name: line(MAX_NAME_LENGTH) })),
  /** Where to send a confirmation; empty for none. Kept only as long as the mail takes. */
  email: v.optional(v.pipe(v.string(), v.maxLength(MAX_EMAIL_LENGTH * 2), v.trim()), ''),
});
export type RsvpAnswerRequest = v.InferOutput<typeof rsvpAnswerRequest>;

/**
 * The household's RSVP page: the invitation (sent only to a link that finds a household, so the
 * day and the place are not on a page anyone may open), the household, and whether answers are
 * still taken (the server's clock).
 */
export interface Invitation {
  invitation: WeddingContent;
  /** Its times as the page shows them (rsvp/logic.ts invitationTimes). */
  times: InvitationTimes;
  /** The wedding and the rehearsal dinner as calendar entries (rsvp/logic.ts invitationCalendar). */
  calendar: InvitationCalendar;
  household: Household;
  open: boolean;
}

export interface InvitationResponse extends Invitation {
  status: 'Success';
}

/**
 * How the confirmation went: sent, held back by a cap or not configured (the answer is saved either
 * way), none asked for, or `confirm-address`: the address is not confirmed yet, and its holder was
 * mailed a link to confirm it (src/server/mail-address.ts) instead.
 */
export type ConfirmationOutcome = 'sent' | 'not-sent' | 'none' | 'confirm-address';

export interface Answered extends Invitation {
  confirmation: ConfirmationOutcome;
}

export interface AnswerResponse extends Answered {
  status: 'Success';
}

/** What the console's create-guests, add-new-guests and drop-guests did. */
export interface GuestActionResult {
  created?: number;
  deleted?: number;
  message: string;
}

export interface GuestActionResponse extends GuestActionResult {
  status: 'Success';
}

/** The console's export mark: the time of the list the CSV was made from (ms), which the server clamps to now. */
export const exportedRequest = v.object({
  asOf: v.pipe(v.number('asOf must be a time in ms.'), v.integer('asOf must be a time in ms.'), v.minValue(0)),
});
export type ExportedRequest = v.InferOutput<typeof exportedRequest>;

export interface ExportedResponse {
  status: 'Success';
  lastExportAt: number;
}

/** One household in the console: its RSVP link's token (null until links are made) and its RSVP page answers. */
export interface ConsoleHousehold {
  link: string | null;
  answeredAt: string | null;
  changedAt: string | null;
}

/**
 * Whether the households' links work: `ready`, `none` (not made yet in this store) or
 * `other-secret` (made with another TOKEN_SECRET: `npm run admin -- guest-links --new-links` makes
 * new ones).
 */
export type LinkState = 'ready' | 'none' | 'other-secret';

/** The console's RSVP details beside the spec's guests, by household key (logic.ts guestKey). */
export interface ConsoleRsvp {
  /** When the store was read (ms): what an export of this list is "as of". */
  readAt: number;
  /** When the last whole-list export was made, as of its list (ms); null before the first. */
  lastExportAt: number | null;
  links: LinkState;
  households: Record<string, ConsoleHousehold>;
}

/** GET /api/wedding/get-all-guests: the spec's answer, and the RSVP details (older answers may lack them). */
export interface AllGuestsResponse {
  status: 'Success';
  guests: Guest[];
  rsvp?: ConsoleRsvp;
}

/**
 * A household's answer as the owner's inbox shows it: its RSVP page view, when it last changed, and how its
 * confirmation mail went ('' when no address was given).
 */
export interface InboxRsvp extends Household {
  changedAt: string;
  mail: string;
}

/**
 * GET /api/wedding/rsvps: every RSVP page answer, the latest change first, and how many came
 * since the owner last looked (ms, 0 before).
 */
export interface RsvpsResponse {
  status: 'Success';
  answers: InboxRsvp[];
  unseen: number;
  seenUntil: number;
}

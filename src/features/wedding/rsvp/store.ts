// The RSVP page's state: the household its link finds (the token is the address's fragment, read
// here and sent in a request body, never in a URL), whether answers are still taken, and the
// outcome of the last answer sent. It loads when the page first shows it, and again when the
// fragment changes (another link pasted into the same tab).
import { atom, onMount } from 'nanostores';
import type { WeddingContent } from '../../../content/wedding.ts';
import { refusalReason } from '../../../platform/api-client.ts';
import { readInvitation, sendAnswer } from '../api-client.ts';
import type { Household, InvitationCalendar, InvitationTimes, RsvpAnswer } from './logic.ts';
import type { ConfirmationOutcome, InvitationResponse, RsvpReason } from '../schema.ts';

export type RsvpState =
  | { status: 'loading' }
  /** No household: no token, or one that finds none (never made or removed: the page cannot tell, nor can anyone). */
  | { status: 'invalid' }
  /** The read failed otherwise (too many wrong links, the network): the message says what. */
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      invitation: WeddingContent;
      times: InvitationTimes;
      calendar: InvitationCalendar;
      household: Household;
      /** Answers are still taken (the server's clock). */
      open: boolean;
      /** The confirmation of the last answer sent from this page, once one was saved. */
      saved?: ConfirmationOutcome;
    };

export const $invitation = atom<RsvpState>({ status: 'loading' });

/** The token in the address's fragment (/rsvp#<token>), or '' when there is none. */
export function linkToken(): string {
  try {
    return decodeURIComponent(location.hash.slice(1)).trim();
  } catch {
    return location.hash.slice(1).trim();
  }
}

onMount($invitation, () => {
  void loadInvitation();
  const reload = () => void loadInvitation();
  window.addEventListener('hashchange', reload);
  return () => window.removeEventListener('hashchange', reload);
});

const ready = (answer: InvitationResponse): Extract<RsvpState, { status: 'ready' }> => ({
  status: 'ready',
  invitation: answer.invitation,
  times: answer.times,
  calendar: answer.calendar,
  household: answer.household,
  open: answer.open,
});

/** Reads the household the address's link finds. */
export async function loadInvitation(): Promise<void> {
  const token = linkToken();
  if (!token) return $invitation.set({ status: 'invalid' });
  $invitation.set({ status: 'loading' });
  try {
    $invitation.set(ready(await readInvitation(token)));
  } catch (error) {
    if (refusalReason<RsvpReason>(error) === 'invalid-link') return $invitation.set({ status: 'invalid' });
    console.error('The invitation could not be loaded.', error);
    $invitation.set({ status: 'failed', message: messageOf(error) });
  }
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

/**
 * Sends the household's answer (already checked: rsvp/logic.ts answerProblems). Answers null when it
 * was saved (the state then shows the saved answers and the confirmation's outcome), else the
 * message to show beside the form. Past the deadline the page turns read-only; a link that no
 * longer finds its household shows as not valid.
 */
export async function submitAnswer(answer: RsvpAnswer, email: string): Promise<string | null> {
  try {
    const saved = await sendAnswer(linkToken(), answer, email);
    $invitation.set({ ...ready(saved), saved: saved.confirmation });
    return null;
  } catch (error) {
    const state = $invitation.get();
    switch (refusalReason<RsvpReason>(error)) {
      case 'closed':
        if (state.status === 'ready') $invitation.set({ ...state, open: false });
        return messageOf(error);
      case 'invalid-link':
        $invitation.set({ status: 'invalid' });
        return null;
      default:
        console.error('The RSVP could not be sent.', error);
        return messageOf(error);
    }
  }
}

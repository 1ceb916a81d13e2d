// The dashboard's state and actions (SPEC sections 2, 8): the card shown, the account, loaded for
// the session's user, with its own changes (names, email and its link, password, deletion) and "Log
// out everywhere", the word game's best score and statistics. A session the server no longer
// accepts ends at /unauthorized; other failures are logged. The forum's requests to join (the
// user's own; the owner's waiting) and the member's notifications. A read that answers a fresh
// token (new clearance or details) puts it in the session's place, so the Forum link shows.
import { features } from '../../content/site.config.ts';
import { atom, computed, map, onMount, task } from 'nanostores';
import type { UserDetails } from '../../lib/user-details.ts';
import { ApiError } from '../../platform/api-client.ts';
import { pagedList } from '../../platform/paged-list.ts';
import type { OrderSummary } from '../shop/schema.ts';
import type { ForumNotification, JoinDecision, OwnJoinRequest, PendingJoinRequest } from '../forum/schema.ts';
import {
  decideJoinRequest,
  dismissJoinRequest,
  fetchAccount,
  fetchJoinRequest,
  fetchJoinRequests,
  fetchNotifications,
  fetchOrders,
  markNotificationsSeen,
  setNotificationDigest,
  fetchScores,
  logOutEverywhere as endEverySession,
  askToConfirmEmail,
  changeEmail,
  changePassword,
  deleteAccount,
  saveDetails,
} from './api-client.ts';
import { $unseenNotifications } from '../../platform/notifications.ts';
import { $user, $username, clearSession, endSession, leaveEndedSession, setToken } from '../../platform/session.ts';
import type { AllStats } from '../word-game/schema.ts';
import { NEVER_WON, emailChangeText, linkSentText } from './logic.ts';

export type DashboardCard = 'user' | 'score' | 'orders' | 'polls' | 'notifications' | 'inbox' | 'admin';

/** The card a link names (the user menu's /dashboard#notifications), if any. */
function linkedCard(): DashboardCard | undefined {
  return typeof location !== 'undefined' && location.hash === '#notifications' ? 'notifications' : undefined;
}

/** The card the side menu shows: the one a link names, else the account. */
export const $card = atom<DashboardCard>(linkedCard() ?? 'user');
if (typeof window !== 'undefined')
  window.addEventListener('hashchange', () => {
    const linked = linkedCard();
    if (linked) $card.set(linked);
  });

const $loadedAccount = atom<UserDetails | null>(null);
/** Whether the account's email is verified (its holder followed the link the site mailed), once the server said. */
export const $emailVerified = atom<boolean | undefined>(undefined);
/** The account details: the session's until the server's arrive. */
export const $account = computed([$user, $loadedAccount], (session, loaded) => loaded ?? session);

/** The word game's best score (NEVER_WON when there is none), or where loading it stands. */
export const $bestScore = atom<number | 'loading' | 'failed'>('loading');
/** The word game's statistics per mode, once loaded. */
export const $wordGameStats = atom<AllStats | undefined>(undefined);

// Showing the dashboard loads the account and the scores, again if the session's user changes.
// A session that just ended (logged out everywhere) loads nothing: the page is on its way out.
onMount($account, () => $username.subscribe((username) => void (username && loadDashboard(username))));

function loadDashboard(username: string): Promise<void> {
  return task(async () => {
    // The word game's scores and the forum's request only where each is switched on (src/content/site.config.ts).
    await Promise.all([
      loadAccount(),
      features.wordGame && loadBestScore(username),
      features.forum && loadJoinNotice(),
    ]);
  });
}

/**
 * On a 401 (the token expired, was revoked, or the session was ended elsewhere) the session is
 * over here too: leaves for /unauthorized, telling the visitor, and answers true.
 */
export function leftEndedSession(error: unknown): boolean {
  if (!(error instanceof ApiError && error.status === 401)) return false;
  endSession();
  leaveEndedSession();
  return true;
}

async function loadAccount(): Promise<void> {
  try {
    const { user, token } = await fetchAccount();
    const { emailVerified, ...details } = user;
    $loadedAccount.set(details);
    $emailVerified.set(emailVerified);
    if (token) setToken(token);
  } catch (error) {
    if (leftEndedSession(error)) return;
    console.error('Failed to fetch account details.', error);
  }
}

async function loadBestScore(username: string): Promise<void> {
  try {
    const { scores } = await fetchScores(username);
    const wordGame = scores.find((score) => score.game === 'wordGame');
    $bestScore.set(wordGame?.bestScore ?? NEVER_WON);
    $wordGameStats.set(wordGame?.stats);
  } catch (error) {
    console.error('Failed to fetch score data.', error);
    $bestScore.set('failed');
  }
}

export function showCard(card: DashboardCard): void {
  $card.set(card);
}

/** "Log out everywhere": idle, on its way, or failed with what to tell the user. */
export const $logoutEverywhere = atom<{ status: 'idle' | 'pending' } | { status: 'failed'; error: string }>({
  status: 'idle',
});

/** Ends every session of the account, this browser's included, then leaves for the home page logged out. */
export async function logOutEverywhere(): Promise<void> {
  if ($logoutEverywhere.get().status === 'pending') return;
  $logoutEverywhere.set({ status: 'pending' });
  try {
    await endEverySession();
    clearSession();
    window.location.assign('/');
  } catch (error) {
    if (leftEndedSession(error)) return;
    console.error('Failed to log out everywhere.', error);
    const reason = error instanceof ApiError ? error.message : 'Please check your connection and try again.';
    $logoutEverywhere.set({ status: 'failed', error: `Could not log out everywhere. ${reason}` });
  }
}

/** What the account card can do to the account: the link that verifies its email, then its forms. */
export type AccountChange = 'verify' | 'details' | 'email' | 'password' | 'delete';

/** Each of the account card's forms: on its way, or what came of its last submission. */
export const $accountChanges = map<Record<AccountChange, { pending: boolean; message: string; failed: boolean }>>({
  verify: { pending: false, message: '', failed: false },
  details: { pending: false, message: '', failed: false },
  email: { pending: false, message: '', failed: false },
  password: { pending: false, message: '', failed: false },
  delete: { pending: false, message: '', failed: false },
});

/** Runs one of the account card's changes, one at a time per form, and keeps what to tell the user. */
async function change(which: AccountChange, work: () => Promise<string>): Promise<void> {
  if ($accountChanges.get()[which].pending) return;
  $accountChanges.setKey(which, { pending: true, message: '', failed: false });
  try {
    $accountChanges.setKey(which, { pending: false, message: await work(), failed: false });
  } catch (error) {
    if (leftEndedSession(error)) return;
    const message = error instanceof ApiError ? error.message : 'Please check your connection and try again.';
    $accountChanges.setKey(which, { pending: false, message, failed: true });
  }
}

/** Mails the account's email the link that verifies it, and says what happened. */
export const sendEmailLink = () =>
  change('verify', async () => linkSentText($account.get()?.email ?? '', (await askToConfirmEmail()).asked));

/** Sets the account's first and last name; the session's token carries them from now on. */
export const saveNames = (names: { firstName: string; lastName: string }) =>
  change('details', async () => {
    setToken((await saveDetails(names)).user);
    await loadAccount();
    return 'Your name is saved.';
  });

/** Changes the password, given the current one; this browser stays logged in, every other session ends. */
export const savePassword = (passwords: { current: string; password: string }) =>
  change('password', async () => {
    setToken((await changePassword(passwords)).user);
    return 'Your password is changed. Every other session of your account has ended.';
  });

/** Mails the new email its link; the account's email changes once it is followed. */
export const saveEmail = (email: string) =>
  change('email', async () => emailChangeText(email, (await changeEmail(email)).asked));

/** Deletes the account, given its password, then leaves for the home page logged out. */
export const removeAccount = (password: string) =>
  change('delete', async () => {
    await deleteAccount(password);
    clearSession();
    window.location.assign('/');
    return 'Your account is deleted.';
  });

/** The "Your Orders" card's list, newest first: its first page loads when the card is first shown. */
export const orders = pagedList<OrderSummary>(async (before) => {
  const page = await fetchOrders(before);
  return { items: page.orders, nextCursor: page.nextCursor };
}, leftEndedSession);

// ----- The forum's requests to join -----

/** The user's own request to join the forum, when there is one to tell of (not dismissed); null otherwise. */
export const $joinNotice = atom<OwnJoinRequest | null>(null);

async function loadJoinNotice(): Promise<void> {
  try {
    const { request, token } = await fetchJoinRequest();
    $joinNotice.set(request && !request.dismissed ? request : null);
    if (token) setToken(token);
  } catch (error) {
    if (leftEndedSession(error)) return;
    console.error('Failed to fetch the request to join the forum.', error);
  }
}

/** Dismisses the notice of a decided request: it goes at once, and for good once the server has it. */
export async function dismissJoinNotice(): Promise<void> {
  const shown = $joinNotice.get();
  if (!shown || shown.status === 'pending') return;
  $joinNotice.set(null);
  try {
    await dismissJoinRequest();
  } catch (error) {
    if (leftEndedSession(error)) return;
    console.error('Failed to dismiss the notice.', error);
  }
}

/** The requests waiting for the owner (the inbox), with what was last decided, said in a status line. */
export interface JoinRequestsState {
  status: 'loading' | 'ready' | 'failed';
  requests: PendingJoinRequest[];
  /** The last decision's outcome, or why it failed ('' before any). */
  said: string;
}

const NO_REQUESTS: JoinRequestsState = { status: 'loading', requests: [], said: '' };
/** The owner's list of requests to join the forum: loads when an admin's dashboard first shows it. */
export const $joinRequests = atom<JoinRequestsState>(NO_REQUESTS);
/** A decision waiting for the owner's confirmation, or null. */
export const $confirmingDecision = atom<{ request: PendingJoinRequest; decision: JoinDecision } | null>(null);

onMount($joinRequests, () => {
  void loadJoinRequests();
});

/** Loads the requests waiting for the owner. */
export function loadJoinRequests(): Promise<void> {
  return task(async () => {
    try {
      const { requests } = await fetchJoinRequests();
      $joinRequests.set({ ...$joinRequests.get(), status: 'ready', requests });
    } catch (error) {
      if (leftEndedSession(error)) return;
      console.error('Failed to fetch the requests to join the forum.', error);
      $joinRequests.set({ ...$joinRequests.get(), status: 'failed' });
    }
  });
}

/** Asks the owner to confirm a decision. */
export function askToDecide(request: PendingJoinRequest, decision: JoinDecision): void {
  $confirmingDecision.set({ request, decision });
}

/** Runs the confirmed decision: the request leaves the list, and the status line says what became of it. */
export async function decide(request: PendingJoinRequest, decision: JoinDecision): Promise<void> {
  $confirmingDecision.set(null);
  try {
    await decideJoinRequest(request.id, decision);
    const shown = $joinRequests.get();
    $joinRequests.set({
      ...shown,
      requests: shown.requests.filter((waiting) => waiting.id !== request.id),
      said:
        decision === 'approve'
          ? `${request.username} is in: they now have the forum.`
          : `${request.username}'s request was declined.`,
    });
  } catch (error) {
    if (leftEndedSession(error)) return;
    const why = error instanceof ApiError ? error.message : 'Please check your connection and try again.';
    $joinRequests.set({ ...$joinRequests.get(), said: `Could not decide ${request.username}'s request. ${why}` });
    // A request decided elsewhere meanwhile: the list shows what is still waiting.
    if (error instanceof ApiError && error.status === 404) await loadJoinRequests();
  }
}

// ----- The forum's notifications -----

/** The member's notifications, newest first, as the card shows them, and their daily digest by mail. */
export interface NotificationsState {
  status: 'loading' | 'ready' | 'failed';
  notifications: ForumNotification[];
  digest: boolean;
  /** What became of the last change to the digest, or why it failed ('' before any). */
  digestSaid: string;
}

/** The card's list: loads when it is first shown, and marks what it shows seen (each keeps its New mark here). */
export const $notifications = atom<NotificationsState>({
  status: 'loading',
  notifications: [],
  digest: false,
  digestSaid: '',
});

onMount($notifications, () => {
  void loadNotifications();
});

/** Loads the notifications; once shown, those new are seen, and the user menu's count goes. */
export function loadNotifications(): Promise<void> {
  return task(async () => {
    try {
      const { notifications, unseen, digest } = await fetchNotifications();
      $notifications.set({ ...$notifications.get(), status: 'ready', notifications, digest });
      $unseenNotifications.set(0);
      const newest = notifications[0];
      if (unseen > 0 && newest) await markNotificationsSeen(newest.at);
    } catch (error) {
      if (leftEndedSession(error)) return;
      console.error('Failed to fetch the notifications.', error);
      if ($notifications.get().status === 'loading') $notifications.set({ ...$notifications.get(), status: 'failed' });
    }
  });
}

/** Asks for the daily digest by mail, or stops it: the box moves at once, and back if the server refuses. */
export async function setDigestMail(on: boolean): Promise<void> {
  $notifications.set({ ...$notifications.get(), digest: on, digestSaid: '' });
  try {
    await setNotificationDigest(on);
    $notifications.set({
      ...$notifications.get(),
      digestSaid: on ? 'Digest on: from tomorrow, a mail on days with something new.' : 'Digest off.',
    });
  } catch (error) {
    if (leftEndedSession(error)) return;
    const why = error instanceof ApiError ? error.message : 'Please check your connection and try again.';
    $notifications.set({ ...$notifications.get(), digest: !on, digestSaid: `Could not change the digest. ${why}` });
  }
}

import { useStore } from '@nanostores/react';
import { useState } from 'react';
import Alert from '../../../components/Alert.tsx';
import ConfirmDialog from '../../../components/ConfirmDialog.tsx';
import AccountChanges from './AccountChanges.tsx';
import { DATE_POLL } from '../../../content/polls.ts';
import { features } from '../../../content/site.config.ts';
import { canAdminister, canUseForum } from '../../../lib/policy.ts';
import { $unseenNotifications } from '../../../platform/notifications.ts';
import { displayName } from '../../../lib/user-details.ts';
import { dayNumber } from '../../../lib/utc-day.ts';
import { $user } from '../../../platform/session.ts';
import { GAME_MODE_ROWS, describeWordGameBest, orPlaceholder, shownStreak, winPercent } from '../logic.ts';
import {
  $account,
  $bestScore,
  $wordGameStats,
  $card,
  $logoutEverywhere,
  $emailVerified,
  $accountChanges,
  sendEmailLink,
  type DashboardCard,
  logOutEverywhere,
  showCard,
} from '../store.ts';
import { JoinNotice } from './JoinRequests.tsx';
import Inbox, { InboxCount } from '../inbox/components/Inbox.tsx';
import { inboxCountText } from '../inbox/logic.ts';
import NotificationsCard from './NotificationsCard.tsx';
import OrdersCard from './OrdersCard.tsx';
// Its styles (dashboard.css) are imported by its page, which inlines them: an island brings no CSS.

/** The scheduling polls' organiser for a member's own polls. */
const MY_POLLS_PAGE = '/scheduling_polls/mine';

/**
 * Admin Controls' links (SPEC section 2: the scheduling polls and their console), and
 * every other console the owner has.
 */
const ADMIN_LINKS = [
  ...(features.scheduling
    ? [
        { label: 'Defense League Poll', href: '/scheduling_polls/defense_league' },
        { label: 'Ragnarok Poll', href: '/scheduling_polls/ragnarok' },
        { label: DATE_POLL.fullTitle, href: '/scheduling_polls/drexolljozwiakpoolpoll' },
        { label: 'Admin Console', href: '/schedulingconsole' },
      ]
    : []),
  ...(features.wedding ? [{ label: 'Wedding Console', href: '/weddingconsole' }] : []),
];

/** The dashboard (SPEC section 2): banner, side menu and the account, scores, orders and admin cards. */
export default function Dashboard() {
  const session = useStore($user);
  const card = useStore($card);
  const account = useStore($account);
  const best = useStore($bestScore);
  const stats = useStore($wordGameStats);
  const logout = useStore($logoutEverywhere);
  const emailVerified = useStore($emailVerified);
  const emailLink = useStore($accountChanges).verify;
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const isAdmin = canAdminister(session);
  const unseenNotifications = useStore($unseenNotifications) ?? 0;

  const cards: { id: DashboardCard; label: string }[] = [
    { id: 'user', label: 'Your Account' },
    // The cards of switched-off features are left out (src/content/site.config.ts).
    ...(features.wordGame ? [{ id: 'score' as const, label: 'Your High Scores' }] : []),
    ...(features.shop ? [{ id: 'orders' as const, label: 'Your Orders' }] : []),
    ...(features.scheduling ? [{ id: 'polls' as const, label: 'Your Polls' }] : []),
    ...(features.forum && canUseForum(session) ? [{ id: 'notifications' as const, label: 'Notifications' }] : []),
    ...(isAdmin ? [{ id: 'inbox' as const, label: 'Inbox' }] : []),
    ...(isAdmin && ADMIN_LINKS.length > 0 ? [{ id: 'admin' as const, label: 'Admin Tools' }] : []),
  ];

  return (
    <div className="dashboard">
      <section className="card banner" aria-labelledby="dashboard-title">
        <h1 id="dashboard-title" tabIndex={-1}>
          User Dashboard
        </h1>
        <p>
          Welcome to your personal dashboard, {displayName(session)}. Here you can review your account
          {features.wordGame ? ' and your high scores' : ''}.
        </p>
      </section>
      {/* The forum's request to join: the user's own, while there is something to tell (switched off with the forum). */}
      {features.forum && <JoinNotice />}
      <div className="dashboard-grid">
        <nav className="card side-menu" aria-label="Dashboard">
          <ul>
            {cards.map(({ id, label }) => (
              <li key={id}>
                <button type="button" aria-pressed={card === id} onClick={() => showCard(id)}>
                  {label}
                  {/* For the owner, how many things in the inbox are new. */}
                  {id === 'inbox' && <InboxCount />}
                  {id === 'notifications' && <span className="menu-count">{inboxCountText(unseenNotifications)}</span>}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {card === 'user' && (
          <section className="card" aria-labelledby="account-title">
            <h2 id="account-title">Your Account</h2>
            <dl className="details">
              <dt>Username</dt>
              <dd>{account.username}</dd>
              <dt>First Name</dt>
              <dd>{orPlaceholder(account.firstName)}</dd>
              <dt>Last Name</dt>
              <dd>{orPlaceholder(account.lastName)}</dd>
              <dt>Email</dt>
              <dd>
                {orPlaceholder(account.email, 'No email on file.')}
                {account.email && emailVerified !== undefined && (
                  <span className="email-state"> ({emailVerified ? 'verified' : 'not verified yet'})</span>
                )}
              </dd>
            </dl>
            {account.email && emailVerified === false && (
              <div className="email-link">
                <p>The site mails your address only once you have verified it, from a link it mails you.</p>
                <button
                  type="button"
                  className="button"
                  disabled={emailLink.pending}
                  onClick={() => void sendEmailLink()}
                >
                  Send the link again
                </button>
                <p role="status">{emailLink.message}</p>
              </div>
            )}
            <AccountChanges key={`${account.firstName}\n${account.lastName}`} account={account} />
            <h3>Your sessions</h3>
            <p>Logged in on a device you no longer use? End every session of your account, this one included.</p>
            <button
              type="button"
              className="button button-danger"
              disabled={logout.status === 'pending'}
              onClick={() => setConfirmingLogout(true)}
            >
              Log out everywhere
            </button>
            {logout.status === 'failed' && <Alert>{logout.error}</Alert>}
          </section>
        )}
        {card === 'score' && (
          <section className="card" aria-labelledby="scores-title">
            <h2 id="scores-title">Your High Scores</h2>
            <h3>Word game</h3>
            <p aria-live="polite">
              {best === 'loading'
                ? 'Loading scores...'
                : best === 'failed'
                  ? 'Your scores could not be loaded right now.'
                  : describeWordGameBest(best)}
            </p>
            {stats && (
              <div className="table-scroll" tabIndex={0}>
                <table className="word-game-stats">
                  <caption>Word game statistics</caption>
                  <thead>
                    <tr>
                      <th scope="col">Mode</th>
                      <th scope="col">Played</th>
                      <th scope="col">Win %</th>
                      <th scope="col">Streak</th>
                      <th scope="col">Max streak</th>
                    </tr>
                  </thead>
                  <tbody>
                    {GAME_MODE_ROWS.map(([mode, name]) => (
                      <tr key={mode}>
                        <th scope="row">{name}</th>
                        <td>{stats[mode].played}</td>
                        <td>{winPercent(stats[mode])}</td>
                        <td>{shownStreak(stats[mode], mode, dayNumber())}</td>
                        <td>{stats[mode].maxStreak}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <a href="/word_game">Play the word game</a>
          </section>
        )}
        {card === 'orders' && <OrdersCard />}
        {card === 'polls' && (
          <section className="card" aria-labelledby="polls-title">
            <h2 id="polls-title">Your Polls</h2>
            <p>
              Find a time that suits your group: start a scheduling poll with the dates and times you could meet, share
              its link, and pick the one that suits everyone. Anyone with the link can answer.
            </p>
            <a className="button button-primary" href={MY_POLLS_PAGE}>
              Start or manage your polls
            </a>
          </section>
        )}
        {card === 'notifications' && canUseForum(session) && <NotificationsCard />}
        {card === 'inbox' && isAdmin && <Inbox />}
        {card === 'admin' && isAdmin && (
          <section className="card" aria-labelledby="admin-title">
            <h2 id="admin-title">Admin Controls</h2>
            <div className="admin-links">
              {ADMIN_LINKS.map(({ label, href }) => (
                <a key={href} className="button button-primary" href={href}>
                  {label}
                </a>
              ))}
            </div>
          </section>
        )}
      </div>
      {confirmingLogout && (
        <ConfirmDialog
          id="logout-everywhere"
          title="Log out everywhere?"
          confirmLabel="Log out everywhere"
          onConfirm={() => void logOutEverywhere()}
          onCancel={() => setConfirmingLogout(false)}
        >
          <p>
            This ends every session of your account, on every device, this one included. You will need to log in again.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

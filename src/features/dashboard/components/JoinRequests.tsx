// The forum's requests to join on the dashboard: the user's own (what became of it, dismissable
// once decided), and for the owner, in the inbox, those waiting with Approve and Decline, each
// confirmed first.
import { useStore } from '@nanostores/react';
import ConfirmDialog from '../../../components/ConfirmDialog.tsx';
import { dayOf, joinNoticeText } from '../logic.ts';
import { $confirmingDecision, $joinNotice, $joinRequests, askToDecide, decide, dismissJoinNotice } from '../store.ts';

/** Moves the focus to the element with `id` once React has drawn it. */
function focusSoon(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** The user's own request to join the forum, while there is something to tell. */
export function JoinNotice() {
  const request = useStore($joinNotice);
  if (!request) return null;
  return (
    <section className="card notice" aria-labelledby="join-notice-title">
      <h2 id="join-notice-title">The forum</h2>
      <p>{joinNoticeText(request)}</p>
      <div className="notice-actions">
        {request.status === 'approved' && (
          <a className="button button-primary" href="/forum">
            Open the forum
          </a>
        )}
        {request.status !== 'pending' && (
          <button
            type="button"
            className="button"
            onClick={() => {
              void dismissJoinNotice();
              focusSoon('dashboard-title');
            }}
          >
            Dismiss<span className="visually-hidden"> this notice</span>
          </button>
        )}
      </div>
    </section>
  );
}

/** The owner's list of requests waiting (the inbox), each with Approve and Decline. */
export function JoinRequestsList() {
  const { status, requests, said } = useStore($joinRequests);
  const confirming = useStore($confirmingDecision);
  return (
    <section className="join-requests" aria-labelledby="join-requests-title">
      <h3 id="join-requests-title" tabIndex={-1}>
        Requests to join the forum
      </h3>
      <p className="note" role="status">
        {said}
      </p>
      {status === 'loading' && <p>Loading requests...</p>}
      {status === 'failed' && <p>The requests could not be loaded right now.</p>}
      {status === 'ready' && requests.length === 0 && <p>No one is waiting to join.</p>}
      {requests.length > 0 && (
        <ul className="join-request-list">
          {requests.map((request) => (
            <li key={request.id} className="join-request">
              <p>
                <strong>{request.username}</strong>{' '}
                <span className="note">
                  asked <time dateTime={request.askedAt}>{dayOf(request.askedAt)}</time>
                </span>
              </p>
              {request.note && <p className="join-request-note">“{request.note}”</p>}
              <div className="notice-actions">
                <button type="button" className="button button-primary" onClick={() => askToDecide(request, 'approve')}>
                  Approve<span className="visually-hidden"> {request.username}</span>
                </button>
                <button type="button" className="button" onClick={() => askToDecide(request, 'decline')}>
                  Decline<span className="visually-hidden"> {request.username}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          id="join-request-decision"
          title={
            confirming.decision === 'approve'
              ? `Let ${confirming.request.username} into the forum?`
              : `Decline ${confirming.request.username}'s request?`
          }
          confirmLabel={confirming.decision === 'approve' ? 'Approve' : 'Decline'}
          onConfirm={() =>
            void decide(confirming.request, confirming.decision).then(() => focusSoon('join-requests-title'))
          }
          onCancel={() => $confirmingDecision.set(null)}
        >
          <p>
            {confirming.decision === 'approve'
              ? `${confirming.request.username} gets clearance 2: the forum shows in their menu, without logging in again.`
              : `${confirming.request.username} is told kindly on their dashboard, and may ask again later.`}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

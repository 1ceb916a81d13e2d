// The forum as a signed-in visitor below its clearance finds it: why it is closed (it is for
// members, and the owner lets people in), "Ask to join" with an optional note, then where their
// request stands. When the owner has let them in, loading the request brings a token with the
// forum (store.ts loadJoinRequest), and the page shows the forum instead.
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import Field from '../../../components/Field.tsx';
import { dayOf, mayAsk } from '../logic.ts';
import { MAX_JOIN_NOTE_LENGTH, type OwnJoinRequest } from '../schema.ts';
import { $asking, $joinNote, $joinRequest, editJoinNote, sendJoinRequest } from '../store.ts';

/** Where the visitor's request stands, in a sentence ('' when there is none to tell). */
function standing(request: OwnJoinRequest | null): string {
  if (!request) return '';
  switch (request.status) {
    case 'pending':
      return 'Your request is waiting for the owner.';
    case 'approved':
      return 'The owner has let you in. Reload the page if the forum does not show.';
    case 'declined':
      return mayAsk(request)
        ? 'The owner did not let you in last time. You are welcome to ask again.'
        : `The owner did not let you in this time. You can ask again from ${dayOf(request.askAgainFrom!)}.`;
  }
}

export default function ForumClosed() {
  const state = useStore($joinRequest);
  const note = useStore($joinNote);
  const asking = useStore($asking);
  const said = useRef<HTMLParagraphElement>(null);
  /** Whether the visitor sent a request from this page (a request found on arrival takes no focus). */
  const sent = useRef(false);
  const request = state.status === 'ready' ? state.request : null;
  const status = request?.status;
  // Once the request is sent, the form goes: the focus moves to what the page says instead.
  const waiting = status === 'pending';
  useEffect(() => {
    if (waiting && sent.current) said.current?.focus();
  }, [waiting]);

  return (
    <section className="forum-closed" aria-labelledby="forum-closed-title">
      <h2 id="forum-closed-title">The forum is for members</h2>
      <p>
        Members of this site talk here. The owner lets people in: ask to join, and once they let you in, the forum is in
        your menu.
      </p>
      {state.status === 'loading' && <p className="forum-note">Loading your request...</p>}
      {state.status === 'failed' && (
        <p className="forum-note">Your request could not be loaded right now. Please reload the page to try again.</p>
      )}
      <p ref={said} tabIndex={-1} className="forum-standing" role="status">
        {state.status === 'ready' ? standing(request) : ''}
      </p>
      {state.status === 'ready' && mayAsk(request) && status !== 'approved' && (
        <form
          className="forum-ask"
          onSubmit={(event) => {
            event.preventDefault();
            sent.current = true;
            void sendJoinRequest();
          }}
        >
          <Field
            id="forum-join-note"
            label="A note for the owner"
            optional
            hint={`Who you are, in a line (at most ${MAX_JOIN_NOTE_LENGTH} characters).`}
            error={asking.status === 'refused' ? asking.error : ''}
            live
            className="text-input"
            maxLength={MAX_JOIN_NOTE_LENGTH}
            value={note}
            onChange={(event) => editJoinNote(event.target.value)}
          />
          <div className="forum-actions">
            <button type="submit" className="button button-primary" disabled={asking.status === 'sending'}>
              Ask to join
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

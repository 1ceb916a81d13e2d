// The chatbot's conversations, loaded when first opened (Chatbot.tsx): each one's title opens it
// (the one shown marked aria-current), Rename edits its title in place (Enter saves, Escape
// cancels) and Delete asks first. A signed-in visitor's are read from the server when the list
// first shows (store.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import ConfirmDialog from '../../../components/ConfirmDialog.tsx';
import Field from '../../../components/Field.tsx';
import { MAX_TITLE_LENGTH } from '../logic.ts';
import { $busy, $conversations, $currentId, deleteChat, openConversation, renameChat } from '../store.ts';

export default function ConversationList() {
  const conversations = useStore($conversations);
  const currentId = useStore($currentId);
  const busy = useStore($busy);
  const [renaming, setRenaming] = useState<string>();
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState<{ id: string; title: string }>();
  const field = useRef<HTMLInputElement>(null);
  /** Where focus goes back to when renaming ends: the item's Rename button. */
  const back = useRef<string>(undefined);

  useEffect(() => {
    if (renaming) field.current?.focus();
    else if (back.current) document.getElementById(back.current)?.focus();
  }, [renaming]);

  function startRenaming(id: string, current: string) {
    setRenaming(id);
    setTitle(current);
    setError('');
  }

  function stopRenaming(id: string) {
    back.current = `rename-${id}`;
    setRenaming(undefined);
  }

  function save(id: string) {
    if (renameChat(id, title)) stopRenaming(id);
    else setError('Please give the conversation a title.');
  }

  if (conversations.length === 0) return <p className="conversations-empty">No conversations yet.</p>;

  return (
    <>
      <ul className="conversations" aria-label="Your conversations">
        {conversations.map(({ id, title: name }) => (
          <li key={id} className="conversation">
            {renaming === id ? (
              <form
                className="conversation-rename"
                onSubmit={(event) => {
                  event.preventDefault();
                  save(id);
                }}
              >
                <Field
                  id={`title-${id}`}
                  label="New title"
                  ref={field}
                  value={title}
                  maxLength={MAX_TITLE_LENGTH}
                  error={error}
                  onChange={(event) => setTitle(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape') {
                      event.preventDefault();
                      event.stopPropagation();
                      stopRenaming(id);
                    }
                  }}
                  action={
                    <>
                      <button type="submit" className="button button-primary">
                        Save
                      </button>
                      <button type="button" className="button" onClick={() => stopRenaming(id)}>
                        Cancel
                      </button>
                    </>
                  }
                />
              </form>
            ) : (
              <>
                <button
                  type="button"
                  className="conversation-open"
                  aria-current={id === currentId ? 'true' : undefined}
                  disabled={busy && id !== currentId}
                  onClick={() => void openConversation(id)}
                >
                  {name || 'Untitled'}
                </button>
                <button
                  type="button"
                  id={`rename-${id}`}
                  className="turn-action"
                  onClick={() => startRenaming(id, name)}
                >
                  Rename<span className="visually-hidden"> {name}</span>
                </button>
                <button
                  type="button"
                  className="turn-action"
                  disabled={busy}
                  onClick={() => setDeleting({ id, title: name })}
                >
                  Delete<span className="visually-hidden"> {name}</span>
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          id="delete-conversation"
          title="Delete this conversation?"
          confirmLabel="Delete"
          onConfirm={() => {
            deleteChat(deleting.id);
            // Its item is gone: focus goes back to the list's button.
            requestAnimationFrame(() => document.getElementById('conversations-toggle')?.focus());
          }}
          onCancel={() => setDeleting(undefined)}
        >
          <p>“{deleting.title}” and all its messages will be deleted.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

// One message of the conversation. A question shows as typed; an answer as sanitized markdown
// (the renderer loads with the first answer), or the '...' placeholder before its first words, or
// the error text in its place (SPEC section 8). An answer cut short keeps its words, marked
// stopped or followed by its error.
import { lazy, memo, Suspense } from 'react';
import { type ChatMessage, PLACEHOLDER } from '../store.ts';

const importMarkdown = () => import('../../../components/markdown/Markdown.tsx');
const Markdown = lazy(importMarkdown);

/** Starts loading the markdown renderer, so it is there by the time an answer's first words are. */
export function preloadMarkdown(): void {
  void importMarkdown();
}

/** The element id of a message, for reading what it shows. */
export const messageElementId = (id: number) => `message-${id}`;

function Answer({ text, state, error }: ChatMessage) {
  if (state === 'pending') return PLACEHOLDER;
  return (
    <>
      {text ? (
        <Suspense fallback={<div className="plain">{text}</div>}>
          <Markdown>{text}</Markdown>
        </Suspense>
      ) : (
        state !== 'stopped' && error
      )}
      {state === 'stopped' && <p className="message-note">Stopped.</p>}
      {state === 'failed' && text && <p className="message-error">{error}</p>}
    </>
  );
}

export default memo(function Message({ message }: { message: ChatMessage }) {
  const fromUser = message.from === 'user';
  const busy = message.state === 'pending' || message.state === 'streaming';
  return (
    <div id={messageElementId(message.id)} className={`message message-${message.from}`} aria-busy={busy || undefined}>
      <span className="visually-hidden">{fromUser ? 'You:' : 'Chatbot:'} </span>
      {fromUser ? <div className="plain">{message.text}</div> : <Answer {...message} />}
    </div>
  );
});

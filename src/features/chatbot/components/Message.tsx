// One message of the conversation. A question shows as typed; an answer as sanitized markdown
// (the renderer loads with the first answer), or the '...' placeholder before its first words, or
// the error text in its place (SPEC section 8). An answer cut short keeps its words, marked
// stopped or followed by its error. A complete answer has a Copy button after it (outside the
// message, so what a screen reader hears of the answer is the answer alone) that copies its markdown.
import { memo, useEffect, useState } from 'react';
import { type ChatMessage, PLACEHOLDER } from '../store.ts';
import { MarkdownText } from '../../../components/markdown/renderer.ts';
import { copyText } from '../../../platform/clipboard.ts';

/** The element id of a message, for reading what it shows. */
export const messageElementId = (id: number) => `message-${id}`;

/** The pages a my-work answer was given, as links: the server chose them, and only this site's pages show. */
function Sources({ sources }: { sources: NonNullable<ChatMessage['sources']> }) {
  const pages = sources.filter(({ url }) => /^\/(?!\/)/.test(url));
  if (pages.length === 0) return null;
  return (
    <div className="message-sources">
      <p>From these pages:</p>
      <ul>
        {pages.map(({ url, title }) => (
          <li key={url}>
            <a href={url}>{title}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Answer({ text, state, error, sources }: ChatMessage) {
  if (state === 'pending') return PLACEHOLDER;
  return (
    <>
      {text ? (
        <MarkdownText fallback={<div className="plain">{text}</div>}>{text}</MarkdownText>
      ) : (
        state !== 'stopped' && error
      )}
      {state === 'stopped' && <p className="message-note">Stopped.</p>}
      {state === 'failed' && text && <p className="message-error">{error}</p>}
      {!state && sources && <Sources sources={sources} />}
    </>
  );
}

/** How long the button says Copied. */
const COPIED_MS = 2000;

/** Copies an answer's text (its markdown) and says so: the button for a moment, and a toast screen readers hear. */
function CopyAnswer({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    // Loaded with the markdown renderer, which uses it too: nothing more on the page's first load.
    const [{ showToast }, done] = await Promise.all([import('../../../components/toast.ts'), copyText(text)]);
    if (done) {
      setCopied(true);
      showToast({ title: 'Copied', text: 'The answer is on your clipboard.', variant: 'success', duration: 3000 });
    } else {
      showToast({
        title: 'Not copied',
        text: 'This browser did not allow copying. Select the answer and copy it instead.',
        variant: 'failure',
      });
    }
  }

  return (
    <button type="button" className="turn-action" onClick={() => void copy()}>
      {copied ? 'Copied' : 'Copy'}
      <span className="visually-hidden"> the answer</span>
    </button>
  );
}

export default memo(function Message({ message }: { message: ChatMessage }) {
  const fromUser = message.from === 'user';
  const busy = message.state === 'pending' || message.state === 'streaming';
  return (
    <>
      <div
        id={messageElementId(message.id)}
        className={`message message-${message.from}`}
        aria-busy={busy || undefined}
      >
        <span className="visually-hidden">{fromUser ? 'You:' : 'Chatbot:'} </span>
        {fromUser ? <div className="plain">{message.text}</div> : <Answer {...message} />}
      </div>
      {!fromUser && !message.state && message.text && <CopyAnswer text={message.text} />}
    </>
  );
});

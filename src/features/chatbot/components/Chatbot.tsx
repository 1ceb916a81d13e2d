// The chatbot island: the conversation, the question box (Enter sends, Shift+Enter adds a line),
// Stop while an answer streams, Regenerate (or Retry) the last answer, Edit the last question,
// how the chatbot answers, Clear Chat, New chat and the conversations (their list loaded when first
// opened).
// While an answer streams the conversation is not a live region: screen readers hear the finished
// answer once, from the status line below it.
import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { remainingText, resetSentence } from '../logic.ts';
import { MAX_QUESTION_LENGTH } from '../limits.ts';
import {
  $busy,
  $conversationError,
  $messages,
  $remaining,
  type ChatMessage,
  askAgain,
  clearChat,
  newChat,
  sendQuestion,
  stopAnswer,
} from '../store.ts';
import CaptchaNotice from '../../../components/CaptchaNotice.tsx';
import Field from '../../../components/Field.tsx';
import { useFollowNewest } from '../../../components/use-follow-newest.ts';
import { loadMarkdown } from '../../../components/markdown/renderer.ts';
import Message, { messageElementId } from './Message.tsx';
import StarterPrompts from './StarterPrompts.tsx';
// Its styles (chatbot.css) are imported by its page, which inlines them: an island brings no CSS.

// Loaded when first opened: most visitors keep the default.
const InstructionPicker = lazy(() => import('./InstructionPicker.tsx'));
// Loaded when first opened: keeps the page's first load small.
const ConversationList = lazy(() => import('./ConversationList.tsx'));

/** What a screen reader hears when an answer ends: the answer as shown, or how it ended. */
function spoken(answer: ChatMessage): string {
  if (answer.state === 'stopped') return 'Answer stopped.';
  if (answer.state === 'failed') return `Chatbot: ${answer.error ?? ''}`;
  return document.getElementById(messageElementId(answer.id))?.innerText ?? answer.text;
}

export default function Chatbot() {
  const messages = useStore($messages);
  const busy = useStore($busy);
  const remaining = useStore($remaining);
  const [question, setQuestion] = useState('');
  const [editing, setEditing] = useState(false);
  const [showSystem, setShowSystem] = useState(false);
  const [pickerOpened, setPickerOpened] = useState(false);
  const [showList, setShowList] = useState(false);
  const conversationError = useStore($conversationError);
  /** The status line screen readers hear an answer from (written directly: React renders nothing in it). */
  const announcer = useRef<HTMLDivElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  /** Whether the conversation follows new words: not while the visitor has scrolled up to read. */
  const following = useRef(true);
  useFollowNewest(log, following);
  const wasBusy = useRef(busy);

  useEffect(() => {
    if (following.current) log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages]);

  // The box grows with its lines (up to its CSS max-height).
  useLayoutEffect(() => {
    const box = input.current!;
    box.style.height = '';
    box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
  }, [question]);

  // When an answer ends: say it once, and bring the visitor back to the question box from where the
  // question was sent (the focus is still in its form, or lost with the button that went away), not
  // from a field they moved on to while the answer came, such as the instruction they are typing.
  useEffect(() => {
    if (wasBusy.current && !busy) {
      const answer = $messages.get().at(-1);
      const region = announcer.current!;
      // Emptied first, so an answer the same as the last is heard too.
      region.textContent = '';
      if (answer?.from === 'ai') requestAnimationFrame(() => (region.textContent = spoken(answer)));
      const focused = document.activeElement;
      if (!focused || focused === document.body || input.current?.form?.contains(focused)) input.current?.focus();
    }
    wasBusy.current = busy;
  }, [busy]);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!question.trim() || busy) return;
    void loadMarkdown();
    following.current = true;
    const text = question;
    setQuestion('');
    if (editing) {
      setEditing(false);
      await askAgain(text);
    } else await sendQuestion(text);
  }

  function regenerate() {
    following.current = true;
    void askAgain();
  }

  function edit(text: string) {
    setQuestion(text);
    setEditing(true);
    input.current?.focus();
  }

  function cancelEdit() {
    setEditing(false);
    setQuestion('');
    input.current?.focus();
  }

  const lastQuestion = messages.findLast((message) => message.from === 'user');
  const lastAnswer = messages.at(-1)?.from === 'ai' ? messages.at(-1) : undefined;

  return (
    <div className="chatbot">
      <div className="chat-options">
        <button
          type="button"
          className="button"
          id="conversations-toggle"
          aria-expanded={showList}
          aria-controls="conversation-list"
          onClick={() => setShowList(!showList)}
        >
          Conversations
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => {
            newChat();
            setEditing(false);
            input.current?.focus();
          }}
        >
          New chat
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={showSystem}
          aria-controls="system-choice"
          onClick={() => {
            setShowSystem(!showSystem);
            setPickerOpened(true);
          }}
        >
          Pick How The Chatbot Answers
        </button>
        <button type="button" className="button" disabled={busy || messages.length === 0} onClick={clearChat}>
          Clear Chat
        </button>
      </div>
      <div id="conversation-list" hidden={!showList}>
        {showList && (
          <Suspense>
            <ConversationList />
          </Suspense>
        )}
      </div>
      <p className="conversation-error" role="status">
        {conversationError}
      </p>
      <div id="system-choice" hidden={!showSystem}>
        {pickerOpened && (
          <Suspense>
            <InstructionPicker />
          </Suspense>
        )}
      </div>

      <div ref={log} className="messages" role="log" aria-live="off" aria-label="Conversation" tabIndex={0}>
        {messages.length === 0 && <p className="message-empty">No messages yet. Ask the chatbot anything.</p>}
        {messages.length === 0 && <StarterPrompts />}
        {messages.map((message) => (
          <div key={message.id} className={`turn turn-${message.from}`}>
            <Message message={message} />
            {!busy && message === lastQuestion && !editing && (
              <button type="button" className="turn-action" onClick={() => edit(message.text)}>
                Edit<span className="visually-hidden"> your question</span>
              </button>
            )}
            {!busy && message === lastAnswer && (
              <button type="button" className="turn-action" onClick={regenerate}>
                {message.state === 'failed' ? 'Retry' : 'Regenerate'}
                <span className="visually-hidden"> the answer</span>
              </button>
            )}
          </div>
        ))}
      </div>
      <div ref={announcer} className="visually-hidden" role="status" />

      <form className="ask" onSubmit={(event) => void submit(event)}>
        {editing && (
          <p className="editing">
            Editing your last question.{' '}
            <button type="button" className="turn-action" onClick={cancelEdit}>
              Cancel
            </button>
          </p>
        )}
        <Field
          as="textarea"
          ref={input}
          id="question"
          label="Your question"
          hideLabel
          rows={1}
          placeholder="Type your question..."
          aria-describedby="question-keys"
          maxLength={MAX_QUESTION_LENGTH}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            } else if (event.key === 'Escape' && editing) cancelEdit();
          }}
        />
        <span id="question-keys" className="visually-hidden">
          Enter sends; Shift+Enter adds a line.
        </span>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" /> Loading...
            </>
          ) : (
            'Send'
          )}
        </button>
        {busy && (
          <button type="button" className="button" onClick={stopAnswer}>
            Stop
          </button>
        )}
      </form>
      {/* Its space is reserved (chatbot.css), so the count appearing moves nothing. */}
      <p className="quota" role="status">
        {remaining === undefined
          ? ''
          : remaining > 0
            ? remainingText(remaining)
            : `${remainingText(0)} ${resetSentence(new Date())}`}
      </p>
      <CaptchaNotice />
    </div>
  );
}

// The chatbot island: the conversation, the question box, the system instruction and Clear Chat.
// Messages are rendered as text (never HTML), keeping their line breaks.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $token } from '../../../platform/session.ts';
import { remainingText, resetSentence } from '../logic.ts';
import { MAX_QUESTION_LENGTH, MAX_SYSTEM_LENGTH } from '../schema.ts';
import { $busy, $messages, $remaining, $systemChoice, clearChat, loadQuota, sendQuestion } from '../store.ts';
import Field from '../../../components/Field.tsx';
import CaptchaNotice from '../../../components/CaptchaNotice.tsx';
import './chatbot.css';

export default function Chatbot() {
  const messages = useStore($messages);
  const busy = useStore($busy);
  const systemChoice = useStore($systemChoice);
  const remaining = useStore($remaining);
  const [question, setQuestion] = useState('');
  const [showSystem, setShowSystem] = useState(false);
  const log = useRef<HTMLDivElement>(null);

  // The questions left depend on who is asking: read them now and whenever the session changes.
  useEffect(() => $token.subscribe(() => void loadQuota()), []);

  // Keep the newest message in view.
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const text = question;
    if (!text.trim()) return;
    setQuestion('');
    await sendQuestion(text);
  }

  return (
    <div className="chatbot">
      <div className="chat-options">
        <button
          type="button"
          className="button"
          aria-expanded={showSystem}
          aria-controls="system-choice"
          onClick={() => setShowSystem(!showSystem)}
        >
          Pick How The Chatbot Answers
        </button>
        <button type="button" className="button" disabled={busy || messages.length === 0} onClick={clearChat}>
          Clear Chat
        </button>
      </div>
      <div id="system-choice" hidden={!showSystem}>
        <Field
          id="system-input"
          label="System instruction"
          type="text"
          maxLength={MAX_SYSTEM_LENGTH}
          value={systemChoice}
          onChange={(event) => $systemChoice.set(event.target.value)}
          hint='Tell the chatbot who to be and how to answer, for example "Answer like a pirate."'
        />
      </div>

      <div ref={log} className="messages" role="log" aria-label="Conversation" tabIndex={0}>
        {messages.length === 0 && <p className="message-empty">No messages yet. Ask the chatbot anything.</p>}
        {messages.map((message) => (
          <p key={message.id} className={`message message-${message.from}`} aria-busy={message.pending || undefined}>
            <span className="visually-hidden">{message.from === 'user' ? 'You:' : 'Chatbot:'} </span>
            {message.text}
          </p>
        ))}
      </div>

      <form className="ask" onSubmit={(event) => void submit(event)}>
        <label className="visually-hidden" htmlFor="question">
          Your question
        </label>
        <input
          id="question"
          className="text-input"
          type="text"
          placeholder="Type your question..."
          autoComplete="off"
          maxLength={MAX_QUESTION_LENGTH}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" /> Loading...
            </>
          ) : (
            'Send'
          )}
        </button>
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

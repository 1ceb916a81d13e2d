// The conversation and its answers: sending a question (the user's message, a '...' placeholder,
// the bot check, then the answer as the model writes it, or the spec's error text in its place:
// SPEC sections 4 and 8), stopping an answer, asking the last question again (as it was or
// edited), the system instruction, and the questions left today (read when the page opens or the
// session changes, then from each answer). The conversation and the instruction are kept in this
// browser (localStorage) until Clear Chat.
import { atom, onMount } from 'nanostores';
import { ApiError } from '../../platform/api-client.ts';
import { readStoredJson, writeStoredJson } from '../../platform/browser-storage.ts';
import { passBotCheck } from '../../platform/captcha.ts';
import { $token } from '../../platform/session.ts';
import { fetchQuota, streamAnswer } from './api-client.ts';
import { DEFAULT_SYSTEM_CHOICE, systemFields } from './instructions.ts';
import { MAX_TURN_LENGTH } from './limits.ts';
import { keptHistory } from './logic.ts';
import type { ChatTurn } from './schema.ts';

/**
 * An answer not (or not wholly) given: still to begin (the '...' placeholder), arriving, stopped
 * by the visitor, or failed. A complete answer has none.
 */
export type AnswerState = 'pending' | 'streaming' | 'stopped' | 'failed';

export interface ChatMessage {
  id: number;
  from: 'user' | 'ai';
  /** The question, or the model's words so far (markdown). */
  text: string;
  state?: AnswerState;
  /** Why a failed answer failed: the spec's error text, or the server's reason. */
  error?: string;
}

export const PLACEHOLDER = '...';
export const NOT_VERIFIED = 'Recaptcha could not verify you are a human. Please try again later.';
export const UNREACHABLE = 'Unable to reach chatbot. An error has occurred.';

const STORAGE_KEY = 'chat';

interface SavedChat {
  messages: ChatMessage[];
  /** The instruction the model is given. */
  systemChoice: string;
  /** The visitor's own instruction, kept while a preset is chosen. */
  customChoice: string;
}

function restore(): SavedChat {
  const fresh: SavedChat = { messages: [], systemChoice: DEFAULT_SYSTEM_CHOICE, customChoice: '' };
  const saved = readStoredJson<SavedChat>(STORAGE_KEY);
  if (!saved || !Array.isArray(saved.messages)) return fresh;
  // An answer on its way when the page was left will never arrive: what came of it stays, stopped.
  return {
    ...fresh,
    ...saved,
    messages: saved.messages.map((message) =>
      message.state === 'pending' || message.state === 'streaming' ? { ...message, state: 'stopped' } : message,
    ),
  };
}

const saved = restore();

export const $messages = atom<ChatMessage[]>(saved.messages);
export const $systemChoice = atom<string>(saved.systemChoice);
export const $customChoice = atom<string>(saved.customChoice);
export const $busy = atom(false);
/** The questions the visitor may still ask today; undefined until known. */
export const $remaining = atom<number | undefined>(undefined);

// The questions left depend on who is asking: read when the page first shows them, and whenever
// the session changes.
onMount($remaining, () => $token.subscribe(() => void loadQuota()));

let persistTimer: ReturnType<typeof setTimeout> | undefined;

/** Saves the conversation now. */
function persist(): void {
  clearTimeout(persistTimer);
  persistTimer = undefined;
  writeStoredJson(STORAGE_KEY, {
    messages: $messages.get(),
    systemChoice: $systemChoice.get(),
    customChoice: $customChoice.get(),
  } satisfies SavedChat);
}

/** Saves the conversation soon: an answer changes it with every few words. */
function persistSoon(): void {
  persistTimer ??= setTimeout(persist, 300);
}

$messages.listen(persistSoon);
$systemChoice.listen(persistSoon);
$customChoice.listen(persistSoon);
// Leaving (or reloading) mid-answer keeps what has arrived.
if (typeof window !== 'undefined') window.addEventListener('pagehide', persist);

let answering: AbortController | undefined;

/** Sends a question unless it is blank or an answer is still coming; answers whether it was sent. */
export async function sendQuestion(raw: string): Promise<boolean> {
  const question = raw.trim();
  if (!question || $busy.get()) return false;
  const id = ($messages.get().at(-1)?.id ?? 0) + 1;
  $messages.set([
    ...$messages.get(),
    { id, from: 'user', text: question },
    { id: id + 1, from: 'ai', text: '', state: 'pending' },
  ]);
  await answer(id + 1);
  return true;
}

/**
 * Asks the last question again for a new answer in place of the last one: as it was (regenerate,
 * retry) or `edited`. Answers whether it was asked: not while an answer is coming, nor without a
 * question, nor with a blank edit.
 */
export async function askAgain(edited?: string): Promise<boolean> {
  const messages = $messages.get();
  const at = messages.findLastIndex((message) => message.from === 'user');
  const question = messages[at];
  const text = (edited ?? question?.text ?? '').trim();
  if (!question || !text || $busy.get()) return false;
  const answerId = messages[at + 1]?.id ?? question.id + 1;
  $messages.set([
    ...messages.slice(0, at),
    { ...question, text },
    { id: answerId, from: 'ai', text: '', state: 'pending' },
  ]);
  await answer(answerId);
  return true;
}

/** Stops the answer on its way, keeping what has arrived. */
export function stopAnswer(): void {
  answering?.abort();
}

/** Empties the conversation. */
export function clearChat(): void {
  $messages.set([]);
  persist();
}

/** Asks the question before answer `id` with the conversation before it, and writes the answer into `id`. */
async function answer(id: number): Promise<void> {
  const before = $messages.get();
  const at = before.findIndex((message) => message.id === id);
  const question = { userQuestion: before[at - 1]!.text, ...systemFields($systemChoice.get()) };
  const history = keptHistory(turns(before.slice(0, at - 1)));
  const stop = new AbortController();
  answering = stop;
  $busy.set(true);
  let text = '';
  let remaining: number | undefined;
  let error: string | undefined;
  try {
    const botPass = await passedBotCheck();
    stop.signal.throwIfAborted();
    for await (const { event, data } of streamAnswer({ ...question, history }, { botPass, signal: stop.signal })) {
      if (event === 'text') {
        text += data.text;
        update(id, { text, state: 'streaming' });
      } else if (event === 'done') remaining = data.remaining;
      else error = data.error;
    }
  } catch (caught) {
    if (!stop.signal.aborted) error = errorText(caught);
  }
  if (remaining !== undefined) $remaining.set(remaining);
  // Complete with words; stopped by the visitor; else failed (the stream may also end early).
  const complete = remaining !== undefined && text.trim() !== '';
  update(
    id,
    complete
      ? { text, state: undefined }
      : stop.signal.aborted && !error
        ? { text, state: 'stopped' }
        : { text, state: 'failed', error: error ?? UNREACHABLE },
  );
  answering = undefined;
  $busy.set(false);
  persist();
}

class NotVerified extends Error {}

/** The bot pass for a question (src/platform/captcha.ts), or NotVerified. */
async function passedBotCheck(): Promise<string | undefined> {
  try {
    const verdict = await passBotCheck('submit');
    if (verdict.actionApproved) return verdict.botPass;
  } catch (error) {
    console.error('The bot check failed.', error);
  }
  throw new NotVerified();
}

/** What a failed answer says: the spec's texts, or the server's reason when a cap refused the question. */
function errorText(error: unknown): string {
  if (error instanceof NotVerified) return NOT_VERIFIED;
  // Over a cap: the server's message says which and when it resets.
  if (error instanceof ApiError && error.code === 'rate_limited') {
    void loadQuota();
    return error.message;
  }
  console.error(UNREACHABLE, error);
  return UNREACHABLE;
}

/** The conversation as the model sees it: the questions and the words of each answer. */
function turns(messages: readonly ChatMessage[]): ChatTurn[] {
  return messages.map((message) => ({
    role: message.from === 'user' ? 'user' : 'assistant',
    content: message.text.slice(0, MAX_TURN_LENGTH),
  }));
}

function update(id: number, change: Partial<ChatMessage>): void {
  $messages.set($messages.get().map((message) => (message.id === id ? { ...message, ...change } : message)));
}

let quotaRequest = 0;

/** Reads the questions left today (the latest call wins); on failure the count stays unknown. */
export async function loadQuota(): Promise<void> {
  const request = ++quotaRequest;
  try {
    const { remaining } = await fetchQuota();
    if (request === quotaRequest) $remaining.set(remaining);
  } catch (error) {
    console.error('The questions left today could not be read.', error);
    if (request === quotaRequest) $remaining.set(undefined);
  }
}

// The conversation (kept in session storage, so a reload keeps it), the system instruction, and
// sending a question: the user's message, a '...' placeholder, the bot check, then the answer or
// the spec's error text in its place (SPEC sections 4 and 8). And the questions left today: read
// when the page opens or the session changes, then from each answer.
import { atom } from 'nanostores';
import { ApiError } from '../../platform/api-client.ts';
import { passBotCheck } from '../../platform/captcha.ts';
import { askChatbot, fetchQuota } from './api-client.ts';
import { DEFAULT_SYSTEM_CHOICE } from './schema.ts';

export interface ChatMessage {
  id: number;
  from: 'user' | 'ai';
  text: string;
  /** The '...' placeholder of an answer still on its way. */
  pending?: boolean;
}

export const PLACEHOLDER = '...';
export const NOT_VERIFIED = 'Recaptcha could not verify you are a human. Please try again later.';
export const UNREACHABLE = 'Unable to reach chatbot. An error has occurred.';

const STORAGE_KEY = 'chat';

interface SavedChat {
  messages: ChatMessage[];
  systemChoice: string;
}

function restore(): SavedChat {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as SavedChat | null;
    // An answer that was on its way when the page reloaded will never arrive.
    if (saved) return { ...saved, messages: saved.messages.filter((message) => !message.pending) };
  } catch {
    // no storage (privacy mode) or unreadable: start afresh
  }
  return { messages: [], systemChoice: DEFAULT_SYSTEM_CHOICE };
}

const saved = typeof window === 'undefined' ? { messages: [], systemChoice: DEFAULT_SYSTEM_CHOICE } : restore();

export const $messages = atom<ChatMessage[]>(saved.messages);
export const $systemChoice = atom<string>(saved.systemChoice);
export const $busy = atom(false);
/** The questions the visitor may still ask today; undefined until known. */
export const $remaining = atom<number | undefined>(undefined);

function persist(): void {
  try {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ messages: $messages.get(), systemChoice: $systemChoice.get() } satisfies SavedChat),
    );
  } catch {
    // storage full or disabled: the conversation lasts for this page only
  }
}
$messages.listen(persist);
$systemChoice.listen(persist);

/** Sends a question unless it is blank or an answer is still coming; answers whether it was sent. */
export async function sendQuestion(raw: string): Promise<boolean> {
  const question = raw.trim();
  if (!question || $busy.get()) return false;
  const id = ($messages.get().at(-1)?.id ?? 0) + 1;
  $messages.set([
    ...$messages.get(),
    { id, from: 'user', text: question },
    { id: id + 1, from: 'ai', text: PLACEHOLDER, pending: true },
  ]);
  $busy.set(true);
  const answer = await answerFor(question);
  $messages.set(
    $messages.get().map((message) => (message.id === id + 1 ? { ...message, text: answer, pending: false } : message)),
  );
  $busy.set(false);
  return true;
}

async function answerFor(question: string): Promise<string> {
  let botPass: string | undefined;
  try {
    const verdict = await passBotCheck('submit');
    if (!verdict.actionApproved) return NOT_VERIFIED;
    botPass = verdict.botPass;
  } catch (error) {
    console.error('The bot check failed.', error);
    return NOT_VERIFIED;
  }
  try {
    const { openAiResponse, remaining } = await askChatbot(question, $systemChoice.get(), botPass);
    if (typeof remaining === 'number') $remaining.set(remaining);
    return openAiResponse.trim() || UNREACHABLE;
  } catch (error) {
    // Over a cap: the server's message says which and when it resets.
    if (error instanceof ApiError && error.code === 'rate_limited') {
      void loadQuota();
      return error.message;
    }
    console.error(UNREACHABLE, error);
    return UNREACHABLE;
  }
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

/** Empties the conversation. */
export function clearChat(): void {
  $messages.set([]);
}

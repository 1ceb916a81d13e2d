// The chatbot page's state: sending a question (the user's message, a '...' placeholder, the bot
// check, then the answer as the model writes it, or the spec's error text: SPEC sections 4 and 8),
// stopping, asking again, the instruction and the questions left today. Each conversation has its
// own memory: a guest's are kept in this browser (the newest 50, trimmed to logic.ts's
// caps), a signed-in visitor's on the server, which keeps each turn as it answers it.
import { atom, onMount } from 'nanostores';
import { ApiError } from '../../platform/api-client.ts';
import { readStoredJson, writeStoredJson } from '../../platform/browser-storage.ts';
import { passBotCheck } from '../../platform/captcha.ts';
import { $token } from '../../platform/session.ts';
import {
  clearConversation,
  deleteConversation,
  fetchConversation,
  fetchConversations,
  fetchQuota,
  renameConversation,
  streamAnswer,
} from './api-client.ts';
import {
  DEFAULT_SYSTEM_CHOICE,
  MAX_ERROR_LENGTH,
  MAX_TURN_LENGTH,
  cleanTitle,
  keptConversations,
  keptHistory,
  keptMessages,
  systemFields,
  titleFrom,
} from './logic.ts';
import type { ChatTurn, ConversationSummary, KeptMessage, Source } from './schema.ts';

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
  /** The owner's pages a my-work answer was given (the server's choice). */
  sources?: Source[];
}

export const PLACEHOLDER = '...';
export const NOT_VERIFIED = 'Recaptcha could not verify you are a human. Please try again later.';
export const UNREACHABLE = 'Unable to reach chatbot. An error has occurred.';

/** The instruction (and, before there were several conversations, the one conversation). */
const STORAGE_KEY = 'chat';
/** A guest's conversations in this browser. */
const CONVERSATIONS_KEY = 'chat-conversations';

interface SavedChat {
  /** The one conversation kept before there were several: moved into the first (restoreGuest). */
  messages?: ChatMessage[];
  /** The instruction the model is given. */
  systemChoice: string;
  /** The visitor's own instruction, kept while a preset is chosen. */
  customChoice: string;
}

/** A conversation: its messages are undefined until read from the server. */
interface Conversation extends ConversationSummary {
  messages: ChatMessage[] | undefined;
}

/** Whose conversations: the current one (none for a new chat not yet asked) and the rest. */
interface Shelf {
  current?: string | undefined;
  conversations: Conversation[];
}

/** An answer on its way when the page was left will never arrive: what came of it stays, stopped. */
function settled(messages: ChatMessage[]): ChatMessage[] {
  return messages.map((message) =>
    message.state === 'pending' || message.state === 'streaming' ? { ...message, state: 'stopped' } : message,
  );
}

/** A conversation's messages as kept: who said what, and how an answer ended when it did not end whole. */
function kept(message: ChatMessage): KeptMessage {
  const state = message.state === 'failed' ? 'failed' : message.state ? 'stopped' : undefined;
  return {
    from: message.from,
    text: message.text.slice(0, MAX_TURN_LENGTH),
    ...(state && { state }),
    ...(state === 'failed' && message.error && { error: message.error.slice(0, MAX_ERROR_LENGTH) }),
    ...(message.sources?.length && { sources: message.sources }),
  };
}

/** Kept messages as the page shows them, numbered (as the server keeps them, when it does). */
function shown(messages: readonly KeptMessage[]): ChatMessage[] {
  return messages.map((message, index) => ({ ...message, id: message.id ?? index + 1 }));
}

function restoreChat(): SavedChat {
  const fresh: SavedChat = { systemChoice: DEFAULT_SYSTEM_CHOICE, customChoice: '' };
  const saved = readStoredJson<SavedChat>(STORAGE_KEY);
  return saved && typeof saved === 'object' ? { ...fresh, ...saved } : fresh;
}

/** A guest's conversations; the one conversation kept before there were several becomes the first. */
function restoreGuest(old: unknown): Shelf {
  const saved = readStoredJson<Shelf>(CONVERSATIONS_KEY);
  if (saved && Array.isArray(saved.conversations)) {
    const conversations = saved.conversations
      .filter((conversation) => conversation && typeof conversation.id === 'string')
      .map((conversation) => ({
        ...conversation,
        messages: settled(Array.isArray(conversation.messages) ? conversation.messages : []),
      }));
    return { current: saved.current, conversations };
  }
  if (!Array.isArray(old) || old.length === 0) return { conversations: [] };
  const messages = settled(old as ChatMessage[]);
  const first = messages.find((message) => message.from === 'user');
  const conversation = { id: newId(), title: titleFrom(first?.text ?? ''), updatedAt: Date.now(), messages };
  return { current: conversation.id, conversations: [conversation] };
}

function newId(): string {
  return crypto.randomUUID();
}

const saved = restoreChat();
const guest = restoreGuest(saved.messages);
let account: Shelf = { conversations: [] };
/** Whose conversations the page shows: the account's when signed in, else this browser's. */
let signedIn = Boolean($token.get());
const shelf = () => (signedIn ? account : guest);
const conversationOf = (id: string | undefined) => shelf().conversations.find((conversation) => conversation.id === id);

/** The conversations, most recently changed first (their messages are not here). */
export const $conversations = atom<ConversationSummary[]>([]);
/** The conversation shown; undefined for a new chat with no question yet. */
export const $currentId = atom<string | undefined>(undefined);
export const $messages = atom<ChatMessage[]>([]);
/** Why the conversations could not be read or saved on the server: shown quietly; nothing on the page is lost. */
export const $conversationError = atom('');
export const $systemChoice = atom<string>(saved.systemChoice);
export const $customChoice = atom<string>(saved.customChoice);
export const $busy = atom(false);
/** The questions the visitor may still ask today; undefined until known. */
export const $remaining = atom<number | undefined>(undefined);

// The questions left depend on who is asking: read when the page first shows them, and whenever
// the session changes.
onMount($remaining, () => $token.subscribe(() => void loadQuota()));

export const NOT_SAVED =
  'This conversation could not be saved to your account. It stays on this page; try again later.';
export const NOT_LOADED = 'Your conversations could not be loaded. Please try again later.';

function publishList(): void {
  $conversations.set(
    keptConversations(shelf().conversations).map(({ id, title, updatedAt }) => ({ id, title, updatedAt })),
  );
}

/** Shows whose conversations the page now has: the current one and the list. */
function showShelf(): void {
  const current = conversationOf(shelf().current);
  $currentId.set(current?.id);
  $messages.set(current?.messages ?? []);
  publishList();
}
showShelf();

/** Whether the conversation list is on the page (then a signed-in visitor's is read from the server). */
let listShown = false;
let listRequest = 0;

/** Reads the account's conversations from the server into the list (the latest read wins). */
async function loadAccountList(): Promise<void> {
  const request = ++listRequest;
  try {
    const { conversations: listed } = await fetchConversations();
    if (request !== listRequest || !signedIn) return;
    const known = new Map(account.conversations.map((conversation) => [conversation.id, conversation]));
    const fromServer = listed.map((summary) => ({ ...summary, messages: known.get(summary.id)?.messages }));
    const onlyHere = account.conversations.filter((conversation) => !listed.some(({ id }) => id === conversation.id));
    account.conversations = [...onlyHere, ...fromServer];
    publishList();
  } catch (error) {
    console.error(NOT_LOADED, error);
    if (request === listRequest) $conversationError.set(NOT_LOADED);
  }
}

onMount($conversations, () => {
  listShown = true;
  if (signedIn) void loadAccountList();
  return () => {
    listShown = false;
  };
});

// Signing in shows the account's conversations (the browser's stay here for guest use); signing
// out takes them off the page.
$token.listen((token) => {
  if (Boolean(token) === signedIn) return;
  signedIn = Boolean(token);
  account = { conversations: [] };
  listRequest++;
  $conversationError.set('');
  showShelf();
  if (signedIn && listShown) void loadAccountList();
});

// The conversation shown changes: its record follows, marked changed now.
$messages.listen((messages) => {
  const conversation = conversationOf($currentId.get());
  if (!conversation || conversation.messages === messages) return;
  if (conversation.messages === undefined && messages.length === 0) return; // still being read
  conversation.messages = messages as ChatMessage[];
  conversation.updatedAt = Date.now();
  publishList();
});

/** Starts a new chat: nothing is kept until its first question. */
export function newChat(): void {
  if ($busy.get()) return;
  shelf().current = undefined;
  showShelf();
  persist();
}

/** Shows another conversation, read from the server the first time for a signed-in visitor. */
export async function openConversation(id: string): Promise<void> {
  const conversation = conversationOf(id);
  if (!conversation || $busy.get()) return;
  shelf().current = id;
  showShelf();
  persist();
  if (conversation.messages !== undefined) return;
  try {
    const { conversation: read } = await fetchConversation(id);
    conversation.messages ??= shown(read.messages);
    if ($currentId.get() === id) $messages.set(conversation.messages);
  } catch (error) {
    console.error(NOT_LOADED, error);
    $conversationError.set(NOT_LOADED);
  }
}

/** Renames a conversation; answers whether the title was taken (a blank one is not). */
export function renameChat(id: string, title: string): boolean {
  const conversation = conversationOf(id);
  const cleaned = cleanTitle(title);
  if (!conversation || !cleaned) return false;
  conversation.title = cleaned;
  publishList();
  persist();
  if (signedIn) void onServer(() => renameConversation(id, cleaned));
  return true;
}

/** Deletes a conversation (the page asks first); deleting the one shown starts a new chat. */
export function deleteChat(id: string): void {
  if ($busy.get()) return;
  const mine = shelf();
  mine.conversations = mine.conversations.filter((conversation) => conversation.id !== id);
  if (mine.current === id) mine.current = undefined;
  showShelf();
  persist();
  if (signedIn) {
    void onServer(async () => {
      try {
        await deleteConversation(id);
      } catch (error) {
        // Never saved, or already gone: nothing to delete.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    });
  }
}

/** Runs a call on the server's copy; a failure is said quietly and nothing on the page is lost. */
async function onServer(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
    $conversationError.set('');
  } catch (error) {
    console.error(NOT_SAVED, error);
    $conversationError.set(NOT_SAVED);
  }
}

/** The conversation a question goes to: the current one, or a new one titled from the question. */
function conversationFor(question: string): void {
  if (conversationOf($currentId.get())) return;
  const conversation: Conversation = { id: newId(), title: titleFrom(question), updatedAt: Date.now(), messages: [] };
  const mine = shelf();
  mine.conversations = keptConversations([conversation, ...mine.conversations]);
  mine.current = conversation.id;
  $currentId.set(conversation.id);
  $messages.set(conversation.messages!);
  publishList();
}

let persistTimer: ReturnType<typeof setTimeout> | undefined;

/** Saves the instruction and a guest's conversations in this browser now. */
function persist(): void {
  clearTimeout(persistTimer);
  persistTimer = undefined;
  writeStoredJson(STORAGE_KEY, { systemChoice: $systemChoice.get(), customChoice: $customChoice.get() });
  // The current conversation may have grown past the caps; the rest were trimmed when they were current.
  const conversations = keptConversations(guest.conversations).map((conversation) =>
    conversation.id === guest.current && conversation.messages
      ? { ...conversation, messages: keptMessages(conversation.messages, kept) }
      : conversation,
  );
  writeStoredJson(CONVERSATIONS_KEY, { current: guest.current, conversations } satisfies Shelf);
}

/** Saves soon: an answer changes the conversation with every few words. */
function persistSoon(): void {
  persistTimer ??= setTimeout(persist, 300);
}

$messages.listen(persistSoon);
$systemChoice.listen(persistSoon);
$customChoice.listen(persistSoon);
// Leaving (or reloading) mid-answer keeps what has arrived.
if (typeof window !== 'undefined') window.addEventListener('pagehide', persist);
// The conversation moved from the one kept before is kept in its new place at once.
if (saved.messages) persist();

let answering: AbortController | undefined;

/** Sends a question unless it is blank or an answer is still coming; answers whether it was sent. */
export async function sendQuestion(raw: string): Promise<boolean> {
  const question = raw.trim();
  if (!question || $busy.get()) return false;
  conversationFor(question);
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

/** Empties the current conversation (it stays in the list, with its title). */
export function clearChat(): void {
  const id = $currentId.get();
  $messages.set([]);
  persist();
  if (signedIn && id) void onServer(() => clearConversation(id));
}

/** Asks the question before answer `id` with the conversation before it, and writes the answer into `id`. */
async function answer(id: number): Promise<void> {
  const conversation = $currentId.get();
  const before = $messages.get();
  const at = before.findIndex((message) => message.id === id);
  const question = {
    userQuestion: before[at - 1]!.text,
    ...systemFields($systemChoice.get()),
    history: keptHistory(turns(before.slice(0, at - 1))),
    // The server keeps a signed-in visitor's turn in place of any from this question on.
    ...(signedIn && conversation && { conversation: { id: conversation, questionId: id - 1 } }),
  };
  const stop = new AbortController();
  answering = stop;
  $busy.set(true);
  let text = '';
  let remaining: number | undefined;
  let sources: Source[] | undefined;
  let error: string | undefined;
  try {
    const botPass = await passedBotCheck();
    stop.signal.throwIfAborted();
    for await (const { event, data } of streamAnswer(question, { botPass, signal: stop.signal })) {
      if (event === 'text') {
        text += data.text;
        update(id, { text, state: 'streaming' });
      } else if (event === 'done') {
        remaining = data.remaining;
        sources = data.sources;
        if (question.conversation) $conversationError.set(data.notKept ?? '');
      } else error = data.error;
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
      ? { text, state: undefined, ...(sources?.length && { sources }) }
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

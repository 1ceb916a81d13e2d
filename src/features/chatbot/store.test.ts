import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, tokenFor } from '../../../tests/setup/browser-session.ts';
import type { Question } from './api-client.ts';
import { CONVERSATIONS_FULL, MAX_CONVERSATIONS } from './logic.ts';
import type {
  AskEvent,
  ConversationDeletedResponse,
  ConversationResponse,
  ConversationSavedResponse,
  ConversationSummary,
  ConversationsResponse,
  QuotaResponse,
} from './schema.ts';

const api = vi.hoisted(() => ({
  streamAnswer:
    vi.fn<(question: Question, options: { botPass?: string; signal: AbortSignal }) => AsyncGenerator<AskEvent>>(),
  fetchQuota: vi.fn<() => Promise<QuotaResponse>>(),
}));
const captcha = vi.hoisted(() => ({
  passBotCheck: vi.fn(() => Promise.resolve({ actionApproved: true, message: '', botPass: 'bot-pass' })),
}));
vi.mock('../../platform/captcha.ts', () => captcha);
const server = vi.hoisted(() => ({
  fetchConversations: vi.fn<() => Promise<ConversationsResponse>>(),
  fetchConversation: vi.fn<(id: string) => Promise<ConversationResponse>>(),
  clearConversation: vi.fn<(id: string) => Promise<ConversationSavedResponse>>(),
  renameConversation: vi.fn<(id: string, title: string) => Promise<ConversationSavedResponse>>(),
  deleteConversation: vi.fn<(id: string) => Promise<ConversationDeletedResponse>>(),
}));
vi.mock('./api-client.ts', () => ({ ...api, ...server }));

// A fresh store per test, as a page load makes it, with the ApiError class it knows.
async function openChat() {
  vi.resetModules();
  const { ApiError } = await import('../../platform/api-client.ts');
  return { ...(await import('./store.ts')), ApiError };
}

/** An answer streamed in `pieces`, then `done` with `remaining`. */
async function* answered(pieces: string[], remaining = 5): AsyncGenerator<AskEvent> {
  for (const text of pieces) yield { event: 'text', data: { text } };
  yield { event: 'done', data: { remaining } };
}

/** A stream the test feeds by hand: `push` an event, `end` it; it throws the signal's abort like fetch. */
function handFed(signal: AbortSignal) {
  const queue: (AskEvent | null)[] = [];
  let wake: (() => void) | undefined;
  const push = (event: AskEvent | null) => {
    queue.push(event);
    wake?.();
  };
  async function* events(): AsyncGenerator<AskEvent> {
    for (;;) {
      while (queue.length === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
        signal.throwIfAborted();
      }
      const next = queue.shift()!;
      if (next === null) return;
      yield next;
    }
  }
  return { events: events(), push, end: () => push(null) };
}

describe('chatbot store', () => {
  beforeEach(() => {
    for (const call of Object.values(api)) call.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the placeholder, then the words as they arrive, then the complete answer', async () => {
    const chat = await openChat();
    let feed!: ReturnType<typeof handFed>;
    api.streamAnswer.mockImplementationOnce((_question, { signal }) => (feed = handFed(signal)).events);
    const sent = chat.sendQuestion('  Hi?  ');
    expect(chat.$messages.get()).toEqual([
      { id: 1, from: 'user', text: 'Hi?' },
      { id: 2, from: 'ai', text: '', state: 'pending' },
    ]);
    expect(chat.$busy.get()).toBe(true);
    await vi.waitFor(() => expect(api.streamAnswer).toHaveBeenCalled());
    feed.push({ event: 'text', data: { text: 'Hel' } });
    await vi.waitFor(() => expect(chat.$messages.get()[1]).toMatchObject({ text: 'Hel', state: 'streaming' }));
    feed.push({ event: 'text', data: { text: 'lo!' } });
    feed.push({ event: 'done', data: { remaining: 4 } });
    feed.end();
    await sent;
    expect(chat.$messages.get()[1]).toEqual({ id: 2, from: 'ai', text: 'Hello!', state: undefined });
    expect(chat.$remaining.get()).toBe(4);
    expect(chat.$busy.get()).toBe(false);
    expect(api.streamAnswer.mock.calls[0]![0]).toEqual({
      userQuestion: 'Hi?',
      userSystemChoice: 'You are a helpful assistant.',
      history: [],
    });
    expect(api.streamAnswer.mock.calls[0]![1].botPass).toBe('bot-pass');
  });

  it('sends the conversation so far with the next question, the instruction as chosen while the last streamed', async () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    const chat = await openChat();
    let feed!: ReturnType<typeof handFed>;
    api.streamAnswer
      .mockImplementationOnce((_question, { signal }) => (feed = handFed(signal)).events)
      .mockReturnValueOnce(answered(['2.1 million.']));
    const asked = chat.sendQuestion('Capital of France?');
    await vi.waitFor(() => expect(api.streamAnswer).toHaveBeenCalled());
    feed.push({ event: 'text', data: { text: 'Par' } });
    await vi.waitFor(() => expect(chat.$messages.get()[1]!.text).toBe('Par'));
    chat.$systemChoice.set('Answer like a pirate.');
    chat.$customChoice.set('Answer like a pirate.');
    feed.push({ event: 'text', data: { text: 'is.' } });
    feed.push({ event: 'done', data: { remaining: 4 } });
    feed.end();
    await asked;
    // Nothing the answer did took the instruction back, on the page or in the browser.
    expect([chat.$systemChoice.get(), chat.$customChoice.get()]).toEqual([
      'Answer like a pirate.',
      'Answer like a pirate.',
    ]);
    expect(JSON.parse(storage.getItem('chat')!)).toEqual({
      systemChoice: 'Answer like a pirate.',
      customChoice: 'Answer like a pirate.',
    });
    expect(api.streamAnswer.mock.calls[0]![0].userSystemChoice).toBe('You are a helpful assistant.');
    await chat.sendQuestion('And its population?');
    expect(api.streamAnswer.mock.calls[1]![0]).toEqual({
      userQuestion: 'And its population?',
      userSystemChoice: 'Answer like a pirate.',
      history: [
        { role: 'user', content: 'Capital of France?' },
        { role: 'assistant', content: 'Paris.' },
      ],
    });
  });

  it('stops an answer: what arrived stays, marked stopped, and the request is aborted', async () => {
    const chat = await openChat();
    let signal!: AbortSignal;
    let feed!: ReturnType<typeof handFed>;
    api.streamAnswer.mockImplementationOnce((_question, options) => {
      signal = options.signal;
      return (feed = handFed(options.signal)).events;
    });
    const sent = chat.sendQuestion('Tell me a long story.');
    await vi.waitFor(() => expect(api.streamAnswer).toHaveBeenCalled());
    feed.push({ event: 'text', data: { text: 'Once upon' } });
    await vi.waitFor(() => expect(chat.$messages.get()[1]!.text).toBe('Once upon'));
    chat.stopAnswer();
    await sent;
    expect(signal.aborted).toBe(true);
    expect(chat.$messages.get()[1]).toMatchObject({ text: 'Once upon', state: 'stopped' });
    expect(chat.$messages.get()[1]!.error).toBeUndefined();
    expect(chat.$busy.get()).toBe(false);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('keeps the words that arrived when the model fails part-way, with the spec error', async () => {
    const chat = await openChat();
    api.streamAnswer.mockImplementationOnce(async function* () {
      yield { event: 'text', data: { text: 'Half an ans' } };
      yield { event: 'error', data: { error: chat.UNREACHABLE, code: 'unavailable' } };
    });
    await chat.sendQuestion('Explain closures.');
    expect(chat.$messages.get()[1]).toMatchObject({ text: 'Half an ans', state: 'failed', error: chat.UNREACHABLE });
  });

  it('fails an answer whose stream ends without its end, or that has no words', async () => {
    const chat = await openChat();
    api.streamAnswer.mockImplementationOnce(async function* () {
      yield { event: 'text', data: { text: 'Cut o' } };
    });
    await chat.sendQuestion('One?');
    expect(chat.$messages.get()[1]).toMatchObject({ text: 'Cut o', state: 'failed', error: chat.UNREACHABLE });
    api.streamAnswer.mockReturnValueOnce(answered(['  ']));
    await chat.sendQuestion('Two?');
    expect(chat.$messages.get()[3]).toMatchObject({ state: 'failed', error: chat.UNREACHABLE });
  });

  it('regenerates the last answer, and resends an edited last question, in place', async () => {
    const chat = await openChat();
    api.streamAnswer
      .mockReturnValueOnce(answered(['Paris.']))
      .mockReturnValueOnce(answered(['Berlin.']))
      .mockReturnValueOnce(answered(['Paris, France.']))
      .mockReturnValueOnce(answered(['Rome.']));
    await chat.sendQuestion('Capital of France?');
    await chat.sendQuestion('Capital of Germany?');
    expect(await chat.askAgain()).toBe(true);
    expect(chat.$messages.get().map((message) => message.text)).toEqual([
      'Capital of France?',
      'Paris.',
      'Capital of Germany?',
      'Paris, France.',
    ]);
    expect(api.streamAnswer.mock.calls[2]![0].history).toEqual([
      { role: 'user', content: 'Capital of France?' },
      { role: 'assistant', content: 'Paris.' },
    ]);
    expect(await chat.askAgain('  Capital of Italy?  ')).toBe(true);
    expect(chat.$messages.get().map((message) => [message.id, message.text])).toEqual([
      [1, 'Capital of France?'],
      [2, 'Paris.'],
      [3, 'Capital of Italy?'],
      [4, 'Rome.'],
    ]);
    expect(await chat.askAgain('   ')).toBe(false);
    expect(api.streamAnswer).toHaveBeenCalledTimes(4);
  });

  it('retries a failed answer: the failed one is replaced', async () => {
    const chat = await openChat();
    api.streamAnswer
      .mockImplementationOnce(() => {
        throw new chat.ApiError(503, 'The data store is unavailable.', 'unavailable');
      })
      .mockReturnValueOnce(answered(['Hello!']));
    await chat.sendQuestion('Hi?');
    expect(chat.$messages.get()[1]).toMatchObject({ text: '', state: 'failed', error: chat.UNREACHABLE });
    await chat.askAgain();
    expect(chat.$messages.get()).toEqual([
      { id: 1, from: 'user', text: 'Hi?' },
      { id: 2, from: 'ai', text: 'Hello!', state: undefined },
    ]);
  });

  it('sends nothing for a blank question, nor while an answer is coming', async () => {
    const chat = await openChat();
    let feed!: ReturnType<typeof handFed>;
    api.streamAnswer.mockImplementationOnce((_question, { signal }) => (feed = handFed(signal)).events);
    expect(await chat.sendQuestion('   ')).toBe(false);
    const sent = chat.sendQuestion('First?');
    expect(await chat.sendQuestion('Second?')).toBe(false);
    expect(await chat.askAgain()).toBe(false);
    await vi.waitFor(() => expect(api.streamAnswer).toHaveBeenCalled());
    feed.push({ event: 'text', data: { text: 'Yes.' } });
    feed.push({ event: 'done', data: { remaining: 3 } });
    feed.end();
    await sent;
    expect(api.streamAnswer).toHaveBeenCalledTimes(1);
    expect(chat.$messages.get()).toHaveLength(2);
  });

  it('shows the bot check’s refusal as the spec says, and asks nothing', async () => {
    const chat = await openChat();
    captcha.passBotCheck.mockResolvedValueOnce({ actionApproved: false, message: 'Low score.', botPass: '' });
    await chat.sendQuestion('Am I human?');
    expect(chat.$messages.get()[1]).toMatchObject({ state: 'failed', error: chat.NOT_VERIFIED });
    expect(api.streamAnswer).not.toHaveBeenCalled();
  });

  it('keeps the conversation and the instruction in this browser until Clear Chat', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    const chat = await openChat();
    api.streamAnswer.mockReturnValueOnce(answered(['Hello!']));
    chat.$systemChoice.set('Be brief.');
    await chat.sendQuestion('Hi?');
    const reloaded = await openChat();
    expect(reloaded.$messages.get().map((message) => message.text)).toEqual(['Hi?', 'Hello!']);
    expect(reloaded.$systemChoice.get()).toBe('Be brief.');
    reloaded.clearChat();
    const again = await openChat();
    expect(again.$messages.get()).toEqual([]);
    expect(again.$systemChoice.get()).toBe('Be brief.');
  });

  it('keeps an answer cut short by leaving the page as stopped', async () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'chat',
      JSON.stringify({
        messages: [
          { id: 1, from: 'user', text: 'Hi?' },
          { id: 2, from: 'ai', text: 'Hel', state: 'streaming' },
        ],
        systemChoice: 'You are a helpful assistant.',
        customChoice: '',
      }),
    );
    vi.stubGlobal('localStorage', storage);
    const chat = await openChat();
    expect(chat.$messages.get()[1]).toMatchObject({ text: 'Hel', state: 'stopped' });
  });
});

describe('chatbot store: the questions left today', () => {
  beforeEach(() => {
    for (const call of Object.values(api)) call.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('is unknown until read, then read, and the latest read wins', async () => {
    const chat = await openChat();
    expect(chat.$remaining.get()).toBeUndefined();
    const slow = Promise.withResolvers<QuotaResponse>();
    api.fetchQuota.mockReturnValueOnce(slow.promise).mockResolvedValueOnce({ remaining: 7 });
    const first = chat.loadQuota();
    await chat.loadQuota();
    slow.resolve({ remaining: 20 });
    await first;
    expect(chat.$remaining.get()).toBe(7);
  });

  it('is read when the page first shows it, and again when the session changes', async () => {
    const chat = await openChat();
    const { $token } = await import('../../platform/session.ts');
    api.fetchQuota.mockResolvedValueOnce({ remaining: 20 }).mockResolvedValueOnce({ remaining: 5 });
    const stop = chat.$remaining.listen(() => {});
    await vi.waitFor(() => expect(chat.$remaining.get()).toBe(20));
    $token.set(tokenFor({ username: 'ada', clearance: 1 }));
    await vi.waitFor(() => expect(chat.$remaining.get()).toBe(5));
    expect(api.fetchQuota).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stays unknown when it cannot be read', async () => {
    const chat = await openChat();
    api.fetchQuota.mockRejectedValueOnce(new chat.ApiError(503, 'The data store is unavailable.'));
    await chat.loadQuota();
    expect(chat.$remaining.get()).toBeUndefined();
  });

  it('shows the server’s reason when a cap refuses the question, and reads the count again', async () => {
    const chat = await openChat();
    const reason = 'You have asked the 20 questions allowed today. You can ask again after 00:00 UTC (in 5 hours).';
    api.streamAnswer.mockImplementationOnce(() => {
      throw new chat.ApiError(429, reason, 'rate_limited');
    });
    api.fetchQuota.mockResolvedValueOnce({ remaining: 0 });
    await chat.sendQuestion('One more?');
    expect(chat.$messages.get().at(-1)).toMatchObject({ from: 'ai', state: 'failed', error: reason });
    await vi.waitFor(() => expect(chat.$remaining.get()).toBe(0));
  });

  it('keeps the spec text for any other failure', async () => {
    const chat = await openChat();
    api.streamAnswer.mockImplementationOnce(() => {
      throw new chat.ApiError(503, 'The chatbot is not configured on this site.', 'unavailable');
    });
    await chat.sendQuestion('Hello?');
    expect(chat.$messages.get().at(-1)?.error).toBe(chat.UNREACHABLE);
    expect(api.fetchQuota).not.toHaveBeenCalled();
  });
});

describe('chatbot store: conversations', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    for (const call of [...Object.values(api), ...Object.values(server)]) call.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const texts = (chat: { $messages: { get(): { text: string }[] } }) => chat.$messages.get().map(({ text }) => text);

  it('moves the one conversation kept before into the first, titled from its first question', async () => {
    storage.setItem(
      'chat',
      JSON.stringify({
        messages: [
          { id: 1, from: 'user', text: '  What is   the capital of France?  ' },
          { id: 2, from: 'ai', text: 'Paris.' },
        ],
        systemChoice: 'Be brief.',
        customChoice: 'Be brief.',
      }),
    );
    const chat = await openChat();
    expect(texts(chat)).toEqual(['  What is   the capital of France?  ', 'Paris.']);
    expect(chat.$conversations.get()).toEqual([
      { id: chat.$currentId.get(), title: 'What is the capital of France?', updatedAt: expect.any(Number) },
    ]);
    expect(chat.$systemChoice.get()).toBe('Be brief.');
    // Kept in its new place: the next page has the same conversation, by the same id.
    const id = chat.$currentId.get();
    const reloaded = await openChat();
    expect(reloaded.$currentId.get()).toBe(id);
    expect(texts(reloaded)).toEqual(['  What is   the capital of France?  ', 'Paris.']);
    expect(reloaded.$conversations.get()).toHaveLength(1);
  });

  it('starts a new chat, titles each from its first question, and keeps each one’s memory apart', async () => {
    const chat = await openChat();
    api.streamAnswer
      .mockReturnValueOnce(answered(['Paris.']))
      .mockReturnValueOnce(answered(['Ottawa.']))
      .mockReturnValueOnce(answered(['2.1 million.']));
    await chat.sendQuestion('Capital of France?');
    const france = chat.$currentId.get()!;
    chat.newChat();
    expect(chat.$messages.get()).toEqual([]);
    expect(chat.$currentId.get()).toBeUndefined();
    await chat.sendQuestion('Capital of Canada?');
    const canada = chat.$currentId.get()!;
    expect(canada).not.toBe(france);
    expect(api.streamAnswer.mock.calls[1]![0].history).toEqual([]);
    expect(chat.$conversations.get().map(({ title }) => title)).toEqual(['Capital of Canada?', 'Capital of France?']);
    await chat.openConversation(france);
    expect(texts(chat)).toEqual(['Capital of France?', 'Paris.']);
    await chat.sendQuestion('And its population?');
    expect(api.streamAnswer.mock.calls[2]![0].history).toEqual([
      { role: 'user', content: 'Capital of France?' },
      { role: 'assistant', content: 'Paris.' },
    ]);
    const reloaded = await openChat();
    expect(reloaded.$currentId.get()).toBe(france);
    expect(texts(reloaded)).toEqual(['Capital of France?', 'Paris.', 'And its population?', '2.1 million.']);
    await reloaded.openConversation(canada);
    expect(texts(reloaded)).toEqual(['Capital of Canada?', 'Ottawa.']);
  });

  it('cuts a long first question to a one-line title of at most 60 characters', async () => {
    const chat = await openChat();
    api.streamAnswer.mockReturnValueOnce(answered(['Sure.']));
    await chat.sendQuestion(`Please\nexplain ${'very '.repeat(30)}carefully`);
    const [{ title }] = chat.$conversations.get() as [ConversationSummary];
    expect(title.length).toBeLessThanOrEqual(60);
    expect(title).toMatch(/^Please explain very very .*…$/);
  });

  it('renames (not to a blank title) and deletes, the deleted one shown making a new chat', async () => {
    const chat = await openChat();
    api.streamAnswer.mockReturnValueOnce(answered(['A.'])).mockReturnValueOnce(answered(['B.']));
    await chat.sendQuestion('First?');
    const first = chat.$currentId.get()!;
    chat.newChat();
    await chat.sendQuestion('Second?');
    const second = chat.$currentId.get()!;
    expect(chat.renameChat(first, '  My   first  ')).toBe(true);
    expect(chat.renameChat(first, '   ')).toBe(false);
    expect(chat.$conversations.get().find(({ id }) => id === first)!.title).toBe('My first');
    chat.deleteChat(second);
    expect(chat.$currentId.get()).toBeUndefined();
    expect(chat.$messages.get()).toEqual([]);
    const reloaded = await openChat();
    expect(reloaded.$conversations.get().map(({ id, title }) => ({ id, title }))).toEqual([
      { id: first, title: 'My first' },
    ]);
    // A guest's stay in the browser: no question names a conversation for the server to keep it in.
    for (const [question] of api.streamAnswer.mock.calls) expect(question).not.toHaveProperty('conversation');
  });

  it(`keeps a guest’s newest ${MAX_CONVERSATIONS} conversations, dropping the oldest`, async () => {
    storage.setItem(
      'chat-conversations',
      JSON.stringify({
        conversations: Array.from({ length: MAX_CONVERSATIONS }, (_, n) => ({
          id: `old-${n}`,
          title: `Old ${n}`,
          updatedAt: 1000 + n,
          messages: [{ id: 1, from: 'user', text: `Old ${n}?` }],
        })),
      }),
    );
    const chat = await openChat();
    api.streamAnswer.mockReturnValueOnce(answered(['New.']));
    await chat.sendQuestion('New?');
    const ids = chat.$conversations.get().map(({ id }) => id);
    expect(ids).toHaveLength(MAX_CONVERSATIONS);
    expect(ids[0]).toBe(chat.$currentId.get());
    expect(ids).not.toContain('old-0');
    expect(ids).toContain('old-1');
  });

  it('keeps a signed-in visitor’s on the server: listed, read when opened, each turn kept by the server', async () => {
    const chat = await openChat();
    const { $token } = await import('../../platform/session.ts');
    $token.set(tokenFor({ username: 'ada', clearance: 1 }));
    server.fetchConversations.mockResolvedValueOnce({
      conversations: [{ id: 'server-one', title: 'From my phone', updatedAt: 5 }],
    });
    server.fetchConversation.mockResolvedValueOnce({
      conversation: {
        id: 'server-one',
        title: 'From my phone',
        updatedAt: 5,
        messages: [
          { from: 'user', text: 'Hi?' },
          { id: 4, from: 'ai', text: 'Hel', state: 'stopped' },
        ],
      },
    });
    server.clearConversation.mockImplementation(async (id) => ({ conversation: { id, title: 'x', updatedAt: 9 } }));
    const stop = chat.$conversations.listen(() => {});
    await vi.waitFor(() => expect(chat.$conversations.get()).toHaveLength(1));
    await chat.openConversation('server-one');
    // Numbered as the server keeps them (by place, for ones kept before it kept numbers).
    expect(chat.$messages.get()).toEqual([
      { id: 1, from: 'user', text: 'Hi?' },
      { id: 4, from: 'ai', text: 'Hel', state: 'stopped' },
    ]);
    let feed!: ReturnType<typeof handFed>;
    api.streamAnswer.mockImplementationOnce((_question, { signal }) => (feed = handFed(signal)).events);
    const sent = chat.sendQuestion('Go on?');
    await vi.waitFor(() => expect(api.streamAnswer).toHaveBeenCalled());
    // The question names where the server keeps the turn: the conversation, and the question's place.
    expect(api.streamAnswer.mock.calls.at(-1)![0]).toMatchObject({
      userQuestion: 'Go on?',
      conversation: { id: 'server-one', questionId: 5 },
    });
    feed.push({ event: 'text', data: { text: 'More' } });
    feed.push({ event: 'done', data: { remaining: 4 } });
    feed.end();
    await sent;
    expect(chat.$conversationError.get()).toBe('');
    // Asked again: the same place, so the server's turn is replaced.
    api.streamAnswer.mockReturnValueOnce(answered(['Again.']));
    await chat.askAgain();
    expect(api.streamAnswer.mock.calls.at(-1)![0]).toMatchObject({ conversation: { id: 'server-one', questionId: 5 } });
    // Nothing of the account's is written in the browser.
    expect(storage.getItem('chat-conversations') ?? '').not.toContain('From my phone');
    chat.clearChat();
    expect(server.clearConversation).toHaveBeenCalledWith('server-one');
    chat.renameChat('server-one', 'Renamed');
    expect(server.renameConversation).toHaveBeenCalledWith('server-one', 'Renamed');
    chat.deleteChat('server-one');
    expect(server.deleteConversation).toHaveBeenCalledWith('server-one');
    // Signing out takes the account's off the page.
    $token.set(null);
    expect(chat.$conversations.get()).toEqual([]);
    expect(chat.$messages.get()).toEqual([]);
    stop();
  });

  it('says why the server did not keep an answer, and keeps it on the page', async () => {
    const chat = await openChat();
    const { $token } = await import('../../platform/session.ts');
    $token.set(tokenFor({ username: 'ada', clearance: 1 }));
    api.streamAnswer.mockReturnValueOnce(
      (async function* () {
        yield { event: 'text', data: { text: 'Hello!' } } as const;
        yield { event: 'done', data: { remaining: 3, notKept: CONVERSATIONS_FULL } } as const;
      })(),
    );
    await chat.sendQuestion('Hi?');
    expect(chat.$conversationError.get()).toBe(CONVERSATIONS_FULL);
    expect(texts(chat)).toEqual(['Hi?', 'Hello!']);
    // The next answer kept clears it.
    api.streamAnswer.mockReturnValueOnce(answered(['Kept.']));
    await chat.sendQuestion('Again?');
    expect(chat.$conversationError.get()).toBe('');
    $token.set(null);
  });

  it('says quietly when a change on the server fails, and keeps the conversation on the page', async () => {
    const chat = await openChat();
    const { $token } = await import('../../platform/session.ts');
    $token.set(tokenFor({ username: 'ada', clearance: 1 }));
    server.clearConversation.mockRejectedValueOnce(new chat.ApiError(503, 'The data store is unavailable.'));
    api.streamAnswer.mockReturnValueOnce(answered(['Hello!']));
    await chat.sendQuestion('Hi?');
    chat.clearChat();
    await vi.waitFor(() => expect(chat.$conversationError.get()).toBe(chat.NOT_SAVED));
    expect(chat.$conversations.get().map(({ title }) => title)).toEqual(['Hi?']);
    $token.set(null);
  });
});

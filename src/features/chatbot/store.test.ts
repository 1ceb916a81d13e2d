import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AskResponse, QuotaResponse } from './schema.ts';

const api = vi.hoisted(() => ({
  askChatbot: vi.fn<(question: string, system: string, botPass?: string) => Promise<AskResponse>>(),
  fetchQuota: vi.fn<() => Promise<QuotaResponse>>(),
}));
vi.mock('./api-client.ts', () => api);
vi.mock('../../platform/captcha.ts', () => ({
  passBotCheck: () => Promise.resolve({ actionApproved: true, message: '', botPass: 'bot-pass' }),
}));

// A fresh store per test, as a page load makes it, with the ApiError class it knows.
async function openChat() {
  vi.resetModules();
  const { ApiError } = await import('../../platform/api-client.ts');
  return { ...(await import('./store.ts')), ApiError };
}

describe('chatbot store: the questions left today', () => {
  beforeEach(() => {
    for (const call of Object.values(api)) call.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
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

  it('stays unknown when it cannot be read', async () => {
    const chat = await openChat();
    api.fetchQuota.mockRejectedValueOnce(new chat.ApiError(503, 'The data store is unavailable.'));
    await chat.loadQuota();
    expect(chat.$remaining.get()).toBeUndefined();
  });

  it('follows each answer', async () => {
    const chat = await openChat();
    api.askChatbot.mockResolvedValueOnce({ status: 'Success', openAiResponse: 'Hello!', remaining: 4 });
    await chat.sendQuestion('Hi?');
    expect(chat.$remaining.get()).toBe(4);
    expect(chat.$messages.get().at(-1)).toMatchObject({ from: 'ai', text: 'Hello!' });
  });

  it('shows the server’s reason when a cap refuses the question, and reads the count again', async () => {
    const chat = await openChat();
    const reason = 'You have asked the 20 questions allowed today. You can ask again after 00:00 UTC (in 5 hours).';
    api.askChatbot.mockRejectedValueOnce(new chat.ApiError(429, reason, 'rate_limited'));
    api.fetchQuota.mockResolvedValueOnce({ remaining: 0 });
    await chat.sendQuestion('One more?');
    expect(chat.$messages.get().at(-1)).toMatchObject({ from: 'ai', text: reason, pending: false });
    await vi.waitFor(() => expect(chat.$remaining.get()).toBe(0));
  });

  it('keeps the spec text for any other failure', async () => {
    const chat = await openChat();
    api.askChatbot.mockRejectedValueOnce(
      new chat.ApiError(503, 'The chatbot is not configured on this site.', 'unavailable'),
    );
    await chat.sendQuestion('Hello?');
    expect(chat.$messages.get().at(-1)?.text).toBe(chat.UNREACHABLE);
    expect(api.fetchQuota).not.toHaveBeenCalled();
  });
});

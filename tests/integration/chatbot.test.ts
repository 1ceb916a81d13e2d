// POST /api/ask-ai with the real openai client talking to the fake OpenAI-compatible server:
// answer, empty answer, error status, timeout, what is sent, limits, rate limit, unconfigured.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import askAi from '../../netlify/functions/ask-ai.mts';
import { LIMITS, NOT_CONFIGURED, UNREACHABLE } from '../../src/features/chatbot/service.server.ts';
import { MAX_ANSWER_TOKENS } from '../../src/server/ai.ts';
import { type FakeOpenAi, echoAnswer, startFakeOpenAi } from '../../tools/fake-openai/server.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { call, countStoreRoundTrips, newAddress } from './request.ts';

let model: FakeOpenAi;
beforeAll(async () => {
  model = await startFakeOpenAi();
});
afterAll(() => model.close());
isolateEnv(['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'OPENAI_TIMEOUT_MS']);
beforeEach(() => {
  process.env.OPENAI_BASE_URL = model.url;
  process.env.OPENAI_API_KEY = 'sk-test';
  model.setMode({ kind: 'echo' });
});

const ask = (body: Record<string, unknown>, address = newAddress()) => call(askAi, { body, address });

describe('POST /api/ask-ai', () => {
  it('answers with the model, sending the question, the instruction, the model and the token cap', async () => {
    const result = await ask({ userQuestion: '  What is Astro?  ', userSystemChoice: 'Answer like a pirate.' });
    expect(result).toEqual({
      status: 200,
      body: { status: 'Success', openAiResponse: echoAnswer('Answer like a pirate.', 'What is Astro?') },
      headers: expect.anything(),
    });
    expect(model.requests.at(-1)).toEqual({
      model: 'gpt-4o-mini',
      max_tokens: MAX_ANSWER_TOKENS,
      messages: [
        { role: 'system', content: 'Answer like a pirate.' },
        { role: 'user', content: 'What is Astro?' },
      ],
    });
  });

  it('uses OPENAI_MODEL when set, and the default instruction when none or a blank one is given', async () => {
    process.env.OPENAI_MODEL = 'llama3.2';
    await ask({ userQuestion: 'Hi', userSystemChoice: '   ' });
    expect(model.requests.at(-1)).toMatchObject({
      model: 'llama3.2',
      messages: [{ role: 'system', content: 'You are a helpful assistant.' }, { role: 'user' }],
    });
    await ask({ userQuestion: 'Hi' });
    expect(model.requests.at(-1)?.messages[0]?.content).toBe('You are a helpful assistant.');
  });

  it('costs one store round trip (the rate limit)', async () => {
    expect(await countStoreRoundTrips(() => ask({ userQuestion: 'Hi' }))).toBe(1);
  });

  it.each([
    ['an empty answer', { kind: 'empty' }],
    ['an error status', { kind: 'status', status: 500 }],
    ['a refusal', { kind: 'status', status: 429 }],
  ] as const)('answers 503 with the spec text for %s, and logs the cause', async (_case, mode) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    model.setMode(mode);
    const result = await ask({ userQuestion: 'Hello?' });
    expect(result).toMatchObject({ status: 503, body: { error: UNREACHABLE, code: 'unavailable' } });
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/ask-ai: The model (returned no answer|call failed)/));
  });

  it('gives up when the model does not answer in time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.OPENAI_TIMEOUT_MS = '300';
    model.setMode({ kind: 'hang' });
    const started = Date.now();
    const result = await ask({ userQuestion: 'Are you there?' });
    expect(result).toMatchObject({ status: 503, body: { error: UNREACHABLE } });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('says the chatbot is not configured without a key or a base URL', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    const before = model.requests.length;
    expect(await ask({ userQuestion: 'Hi' })).toMatchObject({
      status: 503,
      body: { error: NOT_CONFIGURED, code: 'unavailable' },
    });
    expect(model.requests).toHaveLength(before);
  });

  it('works with a base URL alone (a local server needs no key)', async () => {
    delete process.env.OPENAI_API_KEY;
    expect((await ask({ userQuestion: 'Hi' })).status).toBe(200);
  });

  it.each([
    [{ userQuestion: '' }, 'Please type a question.'],
    [{ userQuestion: ' \n\t ' }, 'Please type a question.'],
    [{}, 'Please type a question.'],
    [{ userQuestion: 'x'.repeat(2001) }, 'Your question must be at most 2000 characters.'],
    [{ userQuestion: 'Hi', userSystemChoice: 'x'.repeat(501) }, 'The instruction must be at most 500 characters.'],
  ])('refuses %j with 400 and asks nothing', async (body, error) => {
    const before = model.requests.length;
    expect(await ask(body)).toMatchObject({ status: 400, body: { error, code: 'bad_request' } });
    expect(model.requests).toHaveLength(before);
  });

  it('accepts a question of exactly 2000 and an instruction of exactly 500 characters', async () => {
    expect((await ask({ userQuestion: 'q'.repeat(2000), userSystemChoice: 's'.repeat(500) })).status).toBe(200);
  });

  it(`limits a client to ${LIMITS.questionsPerAddress.max} questions in 10 minutes`, async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.questionsPerAddress.max; i++) {
      expect((await ask({ userQuestion: `Question ${i}` }, address)).status).toBe(200);
    }
    const before = model.requests.length;
    const refused = await ask({ userQuestion: 'One more' }, address);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many attempts. Please wait 10 minutes and try again.');
    expect(model.requests).toHaveLength(before);
  });
});

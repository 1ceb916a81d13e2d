import { describe, expect, it } from 'vitest';
import { isolateEnv } from '../../tests/setup/isolated-env.ts';
import {
  FUNCTION_TIME_LIMIT_MS,
  MAX_ANSWER_TOKENS,
  MODEL_TIMEOUT_MS,
  SLOWEST_TOKENS_PER_SECOND,
  modelTimeoutMs,
} from './ai.ts';

describe('the model call’s bounds', () => {
  isolateEnv(['OPENAI_TIMEOUT_MS']);

  it('gives up before the function is killed, leaving time for the store and the response', () => {
    expect(MODEL_TIMEOUT_MS).toBeLessThanOrEqual(FUNCTION_TIME_LIMIT_MS - 1000);
    expect(FUNCTION_TIME_LIMIT_MS).toBeLessThanOrEqual(60_000);
    expect(modelTimeoutMs()).toBe(MODEL_TIMEOUT_MS);
  });

  it('lets the longest answer finish, even from a slow model', () => {
    // 600 tokens at 15 a second is 40 s: within the bound, where 8 s cut it off after 120 tokens.
    expect((MAX_ANSWER_TOKENS / SLOWEST_TOKENS_PER_SECOND) * 1000).toBeLessThan(MODEL_TIMEOUT_MS);
  });

  it('lets OPENAI_TIMEOUT_MS lower the timeout but never raise it', () => {
    process.env.OPENAI_TIMEOUT_MS = '300';
    expect(modelTimeoutMs()).toBe(300);
    process.env.OPENAI_TIMEOUT_MS = '90000';
    expect(modelTimeoutMs()).toBe(MODEL_TIMEOUT_MS);
    for (const wrong of ['0', '-5', 'soon', 'Infinity']) {
      process.env.OPENAI_TIMEOUT_MS = wrong;
      expect(modelTimeoutMs(), wrong).toBe(MODEL_TIMEOUT_MS);
    }
  });

  it('keeps an answer short', () => {
    expect(MAX_ANSWER_TOKENS).toBeLessThanOrEqual(1000);
  });
});

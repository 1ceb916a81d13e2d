import { afterEach, describe, expect, it } from 'vitest';
import { allowedAttempts } from './rate-limit.ts';

const limit = { bucket: 'test', max: 20, windowSeconds: 60 };

describe('allowedAttempts', () => {
  const saved = { scale: process.env.RATE_LIMIT_SCALE, env: process.env.APP_ENV };
  afterEach(() => {
    process.env.APP_ENV = saved.env;
    if (saved.scale === undefined) delete process.env.RATE_LIMIT_SCALE;
    else process.env.RATE_LIMIT_SCALE = saved.scale;
  });

  it('is the limit, scaled by RATE_LIMIT_SCALE on local runs only', () => {
    expect(allowedAttempts(limit)).toBe(20);
    process.env.RATE_LIMIT_SCALE = '1000';
    expect(allowedAttempts(limit)).toBe(20_000);
    process.env.APP_ENV = 'production';
    expect(allowedAttempts(limit)).toBe(20);
  });

  it('never lowers a limit, and ignores nonsense', () => {
    process.env.RATE_LIMIT_SCALE = '0.5';
    expect(allowedAttempts(limit)).toBe(20);
    process.env.RATE_LIMIT_SCALE = 'lots';
    expect(allowedAttempts(limit)).toBe(20);
  });
});

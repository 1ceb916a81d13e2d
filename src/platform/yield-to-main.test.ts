import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main.ts';

describe('giving the main thread back', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const schedulerYield = vi.fn(async () => undefined);
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });

  it("resumes in a new task elsewhere, not among the current one's microtasks", async () => {
    vi.stubGlobal('scheduler', undefined);
    let resumed = false;
    const yielded = yieldToMain().then(() => (resumed = true));
    for (let microtask = 0; microtask < 10; microtask++) await Promise.resolve();
    expect(resumed).toBe(false);
    await yielded;
    expect(resumed).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { whileVisible } from './while-visible.ts';

/** A page whose visibility the test sets. */
function fakePage(state: 'visible' | 'hidden') {
  const page = Object.assign(new EventTarget(), { visibilityState: state });
  vi.stubGlobal('document', page);
  return {
    show: () => {
      page.visibilityState = 'visible';
      page.dispatchEvent(new Event('visibilitychange'));
    },
    hide: () => {
      page.visibilityState = 'hidden';
      page.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

describe('whileVisible', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('checks on its interval only while the page is visible, and at once when it shows again', async () => {
    vi.useFakeTimers();
    const page = fakePage('visible');
    const check = vi.fn(async () => undefined);
    const stop = whileVisible(check, 5000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(check).toHaveBeenCalledTimes(1);
    page.hide();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(check).toHaveBeenCalledTimes(1);
    page.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('never runs two checks at a time, and carries on after a failed one', async () => {
    vi.useFakeTimers();
    fakePage('visible');
    let finish = () => {};
    const check = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    const stop = whileVisible(check, 1000);
    await vi.advanceTimersByTimeAsync(3000); // the first check is still running
    expect(check).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(3);
    stop();
  });
});

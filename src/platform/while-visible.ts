// The one way a page keeps something fresh while someone looks at it: `check` runs every `everyMs`
// while the page is visible, at once when it becomes visible again, and never twice at a time. A
// hidden tab costs the server nothing.

/** Starts checking; the returned function stops it. */
export function whileVisible(check: () => Promise<void>, everyMs: number): () => void {
  if (typeof document === 'undefined') return () => undefined;
  let checking = false;
  const run = async () => {
    if (checking || document.visibilityState !== 'visible') return;
    checking = true;
    try {
      await check();
    } catch {
      // Offline for a moment: the next check tries again.
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  const onVisible = () => void run();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

// The one way a piece of work gives the page's main thread back between its steps, so that no step
// waits behind the others in one long task (a tap, a frame): `scheduler.yield()` where the browser
// has it (it keeps the rest ahead of other queued work), a message to the page's own channel
// elsewhere (a new task at once, which a timer in a background tab would not be).

interface Scheduler {
  yield(): Promise<void>;
}

/** Resolves in a new task of the main thread. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

import { afterEach, beforeEach } from 'vitest';

/** Restores the named environment variables after each test; `clear` also unsets them before it. */
export function isolateEnv(names: string[], { clear = true } = {}): void {
  let saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    if (clear) for (const name of names) delete process.env[name];
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}

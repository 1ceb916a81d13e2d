// Environment access for server code. Values are read on each call so tests can change them.

/** Tells whether this process runs on a developer's machine or in tests (set by our scripts). */
export function isLocalRun(): boolean {
  return process.env.APP_ENV === 'local' || process.env.APP_ENV === 'test';
}

/** Reads an optional setting; blank counts as unset. */
export function optionalEnv(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

// The one way the browser keeps things in localStorage (the session token included). Storage may be off (privacy
// modes), full, or absent (unit tests run without a browser): reads then find nothing and writes keep nothing, and
// the feature carries on for the page's lifetime.

/** The stored text under `key`; null when there is none or storage is off. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`, when storage lets it. */
export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage off or full: nothing is kept
  }
}

/** Forgets what is stored under `key`, when storage lets it. */
export function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // storage off: there is nothing to forget
  }
}

/** The JSON stored under `key`; undefined when there is none, it is unreadable, or storage is off. */
export function readStoredJson<T>(key: string): T | undefined {
  try {
    return (JSON.parse(readStored(key) ?? 'null') as T | null) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON under `key`, when storage lets it. */
export function writeStoredJson(key: string, value: unknown): void {
  writeStored(key, JSON.stringify(value));
}

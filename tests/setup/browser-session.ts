// What the stores' unit tests need of a browser, which they run without (Node, no DOM): a
// localStorage, and a session token for a user.

/** A localStorage stand-in. */
export class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** Makes a token carrying `claims`, unsigned: the browser only decodes a token, the server checks it. */
export const tokenFor = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

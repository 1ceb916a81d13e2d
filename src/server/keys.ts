// Every Redis key the app uses, in one place, under one prefix. Each entry gives the key's type
// and expiry. Username keys are the lower-cased username: usernames are unique case-insensitively.
// An account's own records (its cart, scores, order index, forum authorship, scheduling votes) are
// keyed by its account key (accountKeyOf below), not by its name, so a name registered again after
// a deletion starts empty.

/** The namespace of all app data, so one Upstash database can be shared or inspected safely. */
export const KEY_PREFIX = 'site:';

export const keys = {
  /**
   * hash {username, firstName, lastName, email, clearance, passwordHash, createdAt, session,
   * account (its account key)}; no expiry
   */
  user: (usernameKey: string) => `${KEY_PREFIX}user:${usernameKey}`,
  // An account's records in the word game and the shop: here, so deleting the account removes them.
  /** hash {game → best round}, per account key; no expiry */
  scores: (accountKey: string) => `${KEY_PREFIX}scores:${accountKey}`,
  /**
   * hash {'<mode>:<field>' → number}: the word game's statistics per mode
   * (features/word-game/scripts.server.ts), per account key; no expiry
   */
  wordGameStats: (accountKey: string) => `${KEY_PREFIX}wordgame:stats:${accountKey}`,
  /**
   * sorted set of the word-game result and merge ids already counted, by time (ms), newest
   * 500 kept, per account key; no expiry
   */
  wordGameSeen: (accountKey: string) => `${KEY_PREFIX}wordgame:seen:${accountKey}`,
  /** hash {cart item id → JSON CartItem}, one per account key; no expiry */
  cart: (accountKey: string) => `${KEY_PREFIX}cart:${accountKey}`,
  /**
   * sorted set of one account's order ids by creation time (ms), paged newest first by the order history (never older
   * than the retention); no expiry: the account's next order trims older ids
   */
  userOrders: (accountKey: string) => `${KEY_PREFIX}orders:${accountKey}`,
  /** string marking a bot pass used (its hash), so it serves one request; expires with the pass */
  botPassUsed: (passHash: string) => `${KEY_PREFIX}bot-pass:${passHash}`,
  /** string counter for one rate-limit window; expires with the window */
  rateLimit: (bucket: string, subject: string) => `${KEY_PREFIX}rate:${bucket}:${subject}`,
  /**
   * string counter of one daily cap for one UTC day ('YYYY-MM-DD'), per subject or site-wide;
   * expires at that day's end (00:00 UTC)
   */
  dailyCount: (cap: string, day: string, subject = '') =>
    `${KEY_PREFIX}daily:${cap}:${day}${subject ? `:${subject}` : ''}`,
  /**
   * set of the names (key form) one address looked at as accounts (src/server/account-probe.ts);
   * expires with register's per-address window
   */
  accountLookups: (address: string) => `${KEY_PREFIX}rate:account-lookups:${address}`,
  /**
   * hash {mail address (lower case) → 'confirmed' | 'unsubscribed'} (src/server/mail-address.ts); no expiry: an entry
   * is added only by its holder, from a link the site mailed within a daily cap
   */
  mailAddresses: () => `${KEY_PREFIX}mail-addresses`,
} as const;

/** Returns the key form of a username (usernames are unique case-insensitively). */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Returns an account's key, what its own records are stored under: the `account` field of its hash, '<username
 * key>#<n>' for the name's n-th registration (accountKeyPrefix, then the number counted by the register script,
 * src/features/auth/scripts.server.ts); an account registered before account keys has none and keeps its username key.
 * A token carries it as its subject (src/server/token.ts).
 */
export function accountKeyOf(username: string, account: string | null | undefined): string {
  return account || usernameKey(username);
}

/**
 * The start of every account key of a name but an account's from before them ('<username
 * key>#'); its registration's number follows.
 */
export function accountKeyPrefix(usernameKey: string): string {
  return `${usernameKey}#`;
}

/**
 * The username key an account key belongs to: the part before its '#' (the whole key of an account from before them).
 */
export function usernameKeyOfAccount(accountKey: string): string {
  return accountKey.split('#')[0]!;
}

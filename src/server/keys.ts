// Every Redis key the app uses, in one place, under one prefix. Each entry gives the key's type
// and expiry. Username keys are the lower-cased username: usernames are unique case-insensitively.
// An account's own records (its cart, scores, order index, forum authorship, scheduling votes) are
// keyed by its account key (accountKeyOf below), not by its name, so a name registered again after
// a deletion starts empty.

/** The namespace of all app data, so one Upstash database can be shared or inspected safely. */
export const KEY_PREFIX = 'site:';

export const keys = {
  /** hash {username, firstName, lastName, email, clearance, passwordHash, createdAt, session, account (its account key)}; no expiry */
  user: (usernameKey: string) => `${KEY_PREFIX}user:${usernameKey}`,
  /** set of username keys, for listing accounts; no expiry */
  users: () => `${KEY_PREFIX}users`,
  /** hash {username key → how many accounts have been registered under the name}, numbering each account's key; never deleted, no expiry */
  registrations: () => `${KEY_PREFIX}registrations`,
  /** hash {game → best round}, per account key; no expiry */
  scores: (accountKey: string) => `${KEY_PREFIX}scores:${accountKey}`,
  /** hash {'<mode>:<field>' → number}: the word game's statistics per mode (scripts/word-game.ts), per account key; no expiry */
  wordGameStats: (accountKey: string) => `${KEY_PREFIX}wordgame:stats:${accountKey}`,
  /** sorted set of the word-game result and merge ids already counted, by time (ms), newest 500 kept, per account key; no expiry */
  wordGameSeen: (accountKey: string) => `${KEY_PREFIX}wordgame:seen:${accountKey}`,
  /** hash {id, senderEmail, emailSubject, emailText, createdAt, delivery, deliveryNote}; expires a year after it is stored (contact/logic.ts MESSAGE_RETENTION_DAYS) */
  contactMessage: (id: string) => `${KEY_PREFIX}contact:message:${id}`,
  /** sorted set of contact message ids scored by creation time (ms), for listing newest first; no expiry: each new message trims (with their hashes) ids older than the retention or beyond the newest MAX_KEPT_MESSAGES */
  contactMessages: () => `${KEY_PREFIX}contact:messages`,
  /** hash {cart item id → JSON CartItem}, one per account key; no expiry */
  cart: (accountKey: string) => `${KEY_PREFIX}cart:${accountKey}`,
  /** hash {id, username, account (its account key; absent on orders from before), email, items (JSON CartItem[]), createdAt, delivery, deliveryNote}; expires a year after it is placed (shop/logic.ts ORDER_RETENTION_DAYS) */
  order: (id: string) => `${KEY_PREFIX}order:${id}`,
  /** sorted set of one account's order ids by creation time (ms), paged newest first by the order history (never older than the retention); no expiry: the account's next order trims older ids */
  userOrders: (accountKey: string) => `${KEY_PREFIX}orders:${accountKey}`,
  /** sorted set of every order id by creation time (ms), for the admin CLI; no expiry: each order trims (with their hashes) ids older than the retention */
  orders: () => `${KEY_PREFIX}orders`,
  /** hash {voter key (lower-cased name) → JSON {inputtedName, options}} for one poll question; no expiry */
  pollVotes: (question: number) => `${KEY_PREFIX}poll:${question}:votes`,
  /** string: the time (ms) the owner closed one poll question, there while it is closed; no expiry */
  pollClosed: (question: number) => `${KEY_PREFIX}poll:${question}:closed`,
  /** hash {guest key (guest one's name, trimmed, lower case) → JSON Guest}; no expiry */
  weddingGuests: () => `${KEY_PREFIX}wedding:guests`,
  /** hash {SHA-256 (hex) of a household's RSVP link token → its guest key}: how a link finds its household; no expiry: remade whole with the list (src/features/wedding/links.server.ts) */
  weddingLinks: () => `${KEY_PREFIX}wedding:links`,
  /** string: the fingerprint of the key the RSVP links were made with (a TOKEN_SECRET of its own makes others); no expiry */
  weddingLinkKey: () => `${KEY_PREFIX}wedding:link-key`,
  /** hash {guest key → JSON {answeredAt, changedAt, submittedAt, delivery, deliveryNote}}: the RSVP page's answers per household (no address is kept); no expiry: a household leaving the list takes its entry */
  weddingReplies: () => `${KEY_PREFIX}wedding:replies`,
  /** string: the time (ms) of the guest list the console's last whole-list CSV export was made from; no expiry */
  weddingLastExport: () => `${KEY_PREFIX}wedding:last-export`,
  /** string marking a bot pass used (its hash), so it serves one request; expires with the pass */
  botPassUsed: (passHash: string) => `${KEY_PREFIX}bot-pass:${passHash}`,
  /** string counter for one rate-limit window; expires with the window */
  rateLimit: (bucket: string, subject: string) => `${KEY_PREFIX}rate:${bucket}:${subject}`,
  /** string counter of one daily cap for one UTC day ('YYYY-MM-DD'), per subject or site-wide; expires at that day's end (00:00 UTC) */
  dailyCount: (cap: string, day: string, subject = '') =>
    `${KEY_PREFIX}daily:${cap}:${day}${subject ? `:${subject}` : ''}`,
  /** set of the SHA-256 of each address (trimmed, lower case) one account's order confirmations went to in one UTC day; expires at that day's end (00:00 UTC) */
  orderMailAddresses: (day: string, usernameKey: string) =>
    `${KEY_PREFIX}daily:order-mail-addresses:${day}:${usernameKey}`,
  /** set of the names (key form) one address looked at as accounts (src/server/account-probe.ts); expires with register's per-address window */
  accountLookups: (address: string) => `${KEY_PREFIX}rate:account-lookups:${address}`,
} as const;

/** Returns the key form of a username (usernames are unique case-insensitively). */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Returns an account's key, what its own records are stored under: the `account` field of its hash,
 * '<username key>#<n>' for the name's n-th registration (accountKeyPrefix, then the number counted
 * in keys.registrations by the register script, src/server/scripts/auth.ts); an account registered before account keys has none and keeps
 * its username key. A token carries it as its subject (src/server/token.ts).
 */
export function accountKeyOf(username: string, account: string | null | undefined): string {
  return account || usernameKey(username);
}

/** The start of every account key of a name but an account's from before them ('<username key>#'); its registration's number follows. */
export function accountKeyPrefix(usernameKey: string): string {
  return `${usernameKey}#`;
}

// Retention: the records visitors leave (contact messages, orders, forum posts) are kept for a
// stated time, each feature's constant (its logic.ts), then removed. A record's hash expires with
// its time where it has one of its own; the index that lists it (a sorted set by creation time) is
// trimmed by the next write of the same kind, a small batch at a time, in that write's own script
// (src/server/scripts/retention.ts), so no write costs another round trip or unbounded work; and
// reads list only what is within the time, so nothing older shows while it waits for that write.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The most index entries one write removes: more than one write adds, so a backlog shrinks. */
export const TRIM_BATCH = 20;

export interface Retention {
  /** The creation time (ms) of the oldest record still kept: older ones are removed. */
  cutoff: number;
  /** How long a record written now lives, in seconds (its hash's expiry). */
  ttlSeconds: number;
}

/** The retention of records kept `days` days, as of `now`. */
export function retention(days: number, now = Date.now()): Retention {
  return { cutoff: now - days * DAY_MS, ttlSeconds: (days * DAY_MS) / 1000 };
}

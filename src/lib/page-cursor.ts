// The cursor of a list read a page at a time, newest first (an account's orders, the owner's inbox):
// the last shown record's creation time (ms) and id, so a page follows on however many came since;
// and what the owner has seen of an inbox's list, kept as a time.
import * as v from 'valibot';

const PAGE_CURSOR = /^(\d{1,15}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The `before` query of a paged list: absent for its first page. */
export const pageQuery = v.object({
  before: v.optional(v.pipe(v.string(), v.regex(PAGE_CURSOR, 'before is not a page cursor.'))),
});

/** The cursor that pages past `record`. */
export function pageCursor(record: { id: string; createdAt: string }): string {
  return `${Date.parse(record.createdAt)}:${record.id}`;
}

/** A valid cursor's time and id, for the store's read (pageQuery checked its form). */
export function cursorPosition(before: string | undefined): { score: number; id: string } | undefined {
  const match = before === undefined ? null : PAGE_CURSOR.exec(before);
  return match ? { score: Number(match[1]), id: match[2]! } : undefined;
}

/**
 * What came up to this time (ms) has been seen: only later records count as new (the
 * inbox's, a member's notifications).
 */
export const seenRequest = v.object({
  upTo: v.pipe(v.number('upTo must be a time in ms.'), v.integer('upTo must be a time in ms.'), v.minValue(0)),
});

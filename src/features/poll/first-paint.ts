// The poll page as this browser will show it, from the first paint: a browser that voted sees the
// results, and an owner (clearance 3) the results and the poll controls, before the site script
// comes (it comes after the first paint), so they appear where they belong rather than pushing the
// page down a moment later (CLS 0). The page's first script runs before <main> is parsed, so it
// marks <html> (`data-poll-voted`, `data-poll-owner`), and PollCard.astro's styles show the two
// parts under those marks; poll-card.ts takes over at mount and removes the marks.

/** Where this browser remembers that it voted on a question (SPEC section 4: the local voted flag). */
export const votedKey = (question: number) => `poll-voted-${question}`;

/** The marks on <html>, as `dataset` names them. */
export const FIRST_PAINT_MARKS = ['pollVoted', 'pollOwner'] as const;

/**
 * Marks <html> from this browser's storage: voted on question 0 (`votedKey`), and a stored token of
 * `ownerLevel` or more (canRunPoll's level: src/layouts/first-script.test.ts holds the two
 * together). Runs inline, as `(${markPollView})(…)` with what it needs as arguments: it must use
 * nothing from outside its own body. Storage refused, or a token that cannot be read, marks nothing.
 */
export function markPollView(
  tokenKey: string,
  voted: string,
  decode: (token: string) => { clearance?: number },
  ownerLevel: number,
): void {
  try {
    const marks = document.documentElement.dataset;
    if (localStorage.getItem(voted) === 'true') marks.pollVoted = '';
    const token = localStorage.getItem(tokenKey);
    if (token && (decode(token).clearance ?? 0) >= ownerLevel) marks.pollOwner = '';
  } catch {
    // Nothing marked: the site script shows what it must once it is there.
  }
}

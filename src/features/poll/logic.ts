// The one-question poll's rules (issue 37: results and closing). Enforced inside the vote script
// (src/server/scripts/poll.ts), atomically with the vote: a closed question takes no vote, one
// vote per voter and question, no anonymous vote under an account's name, and at most
// MAX_VOTERS_PER_QUESTION voters. The arithmetic of the results is results.ts.
import type { Question } from './questions.ts';

/** A question is closed when the site config closes it, or the owner did (the store's flag). */
export function isClosed(question: Pick<Question, 'closedInConfig'>, closedInStore: boolean): boolean {
  return question.closedInConfig || closedInStore;
}

/** Who sees the results: a browser that voted, the owner, and everyone once the question is closed. */
export function resultsShown({ voted, owner, closed }: { voted: boolean; owner: boolean; closed: boolean }): boolean {
  return voted || owner || closed;
}

/**
 * What the owner's control offers: Close an open question, Reopen one the owner closed; one the
 * config closes is opened only there, so it offers nothing.
 */
export function ownerAction(question: Pick<Question, 'closedInConfig'>, closed: boolean): 'close' | 'reopen' | 'none' {
  if (question.closedInConfig) return 'none';
  return closed ? 'reopen' : 'close';
}

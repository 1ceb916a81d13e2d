// The one-question poll's Redis keys, per question.
import { KEY_PREFIX } from '../../server/keys.ts';

export const pollKeys = {
  /**
   * hash {voter key → JSON {inputtedName, options}}: a member's account key, else the typed name
   * lower-cased (pollVoterKey); no expiry
   */
  votes: (question: number) => `${KEY_PREFIX}poll:${question}:votes`,
  /** string: the time (ms) the owner closed the question, there while it is closed; no expiry */
  closed: (question: number) => `${KEY_PREFIX}poll:${question}:closed`,
  /** string: the time (ms) the owner set the question to close at, there while one is set; no expiry */
  ends: (question: number) => `${KEY_PREFIX}poll:${question}:ends`,
} as const;

/**
 * An anonymous voter's field in the votes: the name voted under, lower-cased (one vote per name in any letter case).
 */
export const pollVoterKey = (name: string) => name.toLowerCase();

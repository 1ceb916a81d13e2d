// A challenge: a word from the answer list that a player picks for a friend, in a link whose address
// does not show it, with the challenger's name. The friend plays it as a game of its own, counted in
// no statistics (store.ts, playChallenge), and its result names the challenger.

/** The longest challenger's name a link carries. */
export const CHALLENGER_MAX = 30;
/** What a challenge's maker is told when the word is not one of the answers. */
export const NOT_AN_ANSWER = 'Choose a five-letter word from the game’s answer list: a common English word.';
/** Who a link with no name is from. */
export const ANONYMOUS_CHALLENGER = 'a friend';

export interface Challenge {
  /** Uppercase, from the answer list. */
  word: string;
  from: string;
}

/** Each letter moves along the alphabet by a step of its own, so the link's code reads as no word. */
const STEPS = [7, 19, 3, 23, 11];

function shift(word: string, direction: 1 | -1): string {
  return [...word]
    .map((letter, index) =>
      String.fromCharCode(65 + ((letter.charCodeAt(0) - 65 + direction * STEPS[index]! + 26) % 26)),
    )
    .join('');
}

const challenger = (from: string | null) => (from ?? '').trim().slice(0, CHALLENGER_MAX);

/** The hash a challenge's link ends with: `#challenge=<code>&from=<name>`. */
export function challengeHash({ word, from }: Challenge): string {
  return `#${new URLSearchParams({ challenge: shift(word.toUpperCase(), 1).toLowerCase(), from: challenger(from) })}`;
}

/** The challenge a link's hash holds, if its word is one of `answers` (uppercase). */
export function readChallenge(hash: string, answers: readonly string[]): Challenge | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('challenge')?.toUpperCase() ?? '';
  // Five letters (logic.ts's WORD_LENGTH, not imported: that would split logic.ts off the
  // island as a chunk of its own).
  if (!/^[A-Z]{5}$/.test(code)) return undefined;
  const word = shift(code, -1);
  if (!answers.includes(word)) return undefined;
  return { word, from: challenger(params.get('from')) || ANONYMOUS_CHALLENGER };
}

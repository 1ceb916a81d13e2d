// The word lists, each fetched once when the game first needs it (not bundled): the guess
// dictionary (~12,600 words, built by src/feature-pages/wordGame/word_game/dictionary.txt.ts) and
// the answers in the Daily's order (2,000, built by answers.txt.ts beside it).

export const DICTIONARY_URL = '/word_game/dictionary.txt';
export const ANSWERS_URL = '/word_game/answers.txt';

/** Fetches a list of words, one a line, once; a failed load may be retried. */
function loader<T>(url: string, read: (text: string) => T): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`The word list could not be loaded (${response.status}).`);
        return response.text();
      })
      .then(read)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
}

/** The guess dictionary: whether it has a word (lowercase). */
export type Dictionary = Pick<ReadonlySet<string>, 'has'>;

/**
 * Loads the guess dictionary. A word is looked up in the list's text as it came: splitting its
 * 12,600 lines into a Set, as the game starts, took 4 ms on a desktop and one task of about 70 ms
 * on the audit's emulated phone; a lookup in the text takes 0.04 ms, once per full row.
 */
export const loadDictionary = loader(DICTIONARY_URL, (text): Dictionary => {
  const lines = `\n${text}`;
  return { has: (word) => lines.includes(`\n${word}\n`) };
});

/** Loads the answers (uppercase), in the Daily's order. */
export const loadAnswers = loader(ANSWERS_URL, (text) => text.split('\n').filter(Boolean));

/** Picks a Practice secret at random (Math.random: the browser tests seed it to fix the word). */
export function pickSecret(answers: readonly string[], random: () => number = Math.random): string {
  return answers[Math.floor(random() * answers.length) % answers.length]!;
}

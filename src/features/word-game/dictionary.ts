// The word lists, each fetched once when the game first needs it (not bundled): the guess
// dictionary (~12,600 words, built by src/feature-pages/wordGame/word_game/dictionary.txt.ts) and
// the answers in the Daily's order (2,000, built by answers.txt.ts beside it).

export const DICTIONARY_URL = '/word_game/dictionary.txt';
export const ANSWERS_URL = '/word_game/answers.txt';

/** Fetches a list of words, one a line, once; a failed load may be retried. */
function loader<T>(url: string, read: (words: string[]) => T): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`The word list could not be loaded (${response.status}).`);
        return response.text();
      })
      .then((text) => read(text.split('\n').filter(Boolean)))
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
}

/** Loads the guess dictionary (lowercase). */
export const loadDictionary = loader(DICTIONARY_URL, (words) => new Set(words));

/** Loads the answers (uppercase), in the Daily's order. */
export const loadAnswers = loader(ANSWERS_URL, (words) => words);

/** Picks a Practice secret at random (Math.random: the browser tests seed it to fix the word). */
export function pickSecret(answers: readonly string[], random: () => number = Math.random): string {
  return answers[Math.floor(random() * answers.length) % answers.length]!;
}

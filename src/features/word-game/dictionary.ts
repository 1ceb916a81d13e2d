// The guess dictionary, fetched once when the game first needs it (not bundled: it is ~12,600
// words). Built by src/pages/word_game/dictionary.txt.ts.

export const DICTIONARY_URL = '/word_game/dictionary.txt';

let loading: Promise<Set<string>> | undefined;

/** Loads the dictionary once; a failed load may be retried. */
export function loadDictionary(): Promise<Set<string>> {
  loading ??= fetch(DICTIONARY_URL)
    .then((response) => {
      if (!response.ok) throw new Error(`The dictionary could not be loaded (${response.status}).`);
      return response.text();
    })
    .then((text) => new Set(text.split('\n').filter(Boolean)))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The module afresh (each list is fetched once per page), with fetch answering `text`. */
async function withList(text: string, status = 200) {
  const fetch = vi.fn(async () => new Response(text, { status }));
  vi.stubGlobal('fetch', fetch);
  return { fetch, ...(await import('./dictionary.ts')) };
}

describe('the word lists', () => {
  it('the dictionary has exactly its lines: no part of a line, nor two lines together', async () => {
    const { loadDictionary, fetch } = await withList('aahed\ncrane\nzymic\n');
    const dictionary = await loadDictionary();
    for (const word of ['aahed', 'crane', 'zymic']) expect(dictionary.has(word)).toBe(true);
    for (const word of ['cran', 'rane', 'ane\nz', 'crane\n', '', 'CRANE', 'crank'])
      expect(dictionary.has(word)).toBe(false);
    await loadDictionary();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('the answers come in their order; a failed load is tried again', async () => {
    const { loadAnswers, fetch } = await withList('', 503);
    await expect(loadAnswers()).rejects.toThrow('The word list could not be loaded (503).');
    fetch.mockResolvedValueOnce(new Response('CRANE\nABOUT\n'));
    await expect(loadAnswers()).resolves.toEqual(['CRANE', 'ABOUT']);
  });
});

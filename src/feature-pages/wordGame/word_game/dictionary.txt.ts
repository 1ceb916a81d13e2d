// The word game's guess dictionary, built at build time from the `word-list` package: every
// five-letter word of a to z only, deduplicated, every secret word included, one per line. The
// game fetches it when it first needs it, so it never weighs on the island's bundle.
import { readFileSync } from 'node:fs';
import type { APIRoute } from 'astro';
import wordListPath from 'word-list';
import { SECRET_WORDS } from '../../../features/word-game/secret-words.ts';

export const GET: APIRoute = () => {
  const words = readFileSync(wordListPath, 'utf8')
    .split('\n')
    .filter((word) => /^[a-z]{5}$/.test(word));
  const dictionary = [...new Set([...words, ...SECRET_WORDS.map((word) => word.toLowerCase())])].sort();
  return new Response(`${dictionary.join('\n')}\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};

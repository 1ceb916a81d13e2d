// The word game's guess dictionary, built at build time from the `word-list` package: every
// five-letter word of a to z only, deduplicated, every answer included (answers.ts: all are in the
// package's list already, so this only guards that), one per line. The
// game fetches it when it first needs it, so it never weighs on the island's bundle.
import { readFileSync } from 'node:fs';
import type { APIRoute } from 'astro';
import wordListPath from 'word-list';
import { ANSWERS } from '../../../features/word-game/answers.ts';

export const GET: APIRoute = () => {
  const words = readFileSync(wordListPath, 'utf8')
    .split('\n')
    .filter((word) => /^[a-z]{5}$/.test(word));
  const dictionary = [...new Set([...words, ...ANSWERS.map((word) => word.toLowerCase())])].sort();
  return new Response(`${dictionary.join('\n')}\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};

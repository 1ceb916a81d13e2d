import { describe, expect, it } from 'vitest';
import { ANSWERS } from './answers.ts';
import { ANONYMOUS_CHALLENGER, CHALLENGER_MAX, challengeHash, readChallenge } from './challenge.ts';

const ANSWER_LIST = ANSWERS;

describe('a challenge link', () => {
  it('carries every answer and its challenger there and back, the word never in plain text', () => {
    for (const word of ANSWER_LIST) {
      const hash = challengeHash({ word, from: 'Ana' });
      expect(hash.toUpperCase()).not.toContain(word);
      expect(readChallenge(hash, ANSWER_LIST)).toEqual({ word, from: 'Ana' });
    }
  });

  it('keeps a name short and trimmed, and says "a friend" when there is none', () => {
    const word = ANSWER_LIST[0]!;
    const long = readChallenge(challengeHash({ word, from: `  ${'x'.repeat(50)}  ` }), ANSWER_LIST);
    expect(long?.from).toBe('x'.repeat(CHALLENGER_MAX));
    expect(readChallenge(challengeHash({ word, from: '   ' }), ANSWER_LIST)?.from).toBe(ANONYMOUS_CHALLENGER);
    const named = readChallenge(challengeHash({ word, from: 'Zoë & <b>Kai</b>' }), ANSWER_LIST);
    expect(named?.from).toBe('Zoë & <b>Kai</b>'); // text, which the page shows as text
  });

  it('is refused when its code is not five letters or not a word of the answer list', () => {
    const code = new URLSearchParams(challengeHash({ word: ANSWER_LIST[0]!, from: '' }).slice(1)).get('challenge')!;
    for (const hash of [
      '',
      '#from=Ana',
      '#challenge=abcd',
      '#challenge=abcdef',
      '#challenge=ab1de',
      `#challenge=${code}x`,
    ]) {
      expect(readChallenge(hash, ANSWER_LIST), hash).toBeUndefined();
    }
    expect(readChallenge(`#challenge=${code}`, ANSWER_LIST.slice(1))).toBeUndefined();
  });
});

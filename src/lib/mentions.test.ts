import { describe, expect, it } from 'vitest';
import { mentionParts, mentionsReader, readerMentions } from './mentions.ts';

describe('mentions', () => {
  const mentions = (text: string) => mentionParts(text).flatMap((part) => (part.mention ? [part.mention] : []));

  it('finds @name where a username may be, keeping the rest as written', () => {
    expect(mentionParts('Hi @ada, and @Grace.Hopper.')).toEqual([
      { text: 'Hi ' },
      { text: '@ada', mention: 'ada' },
      { text: ', and ' },
      { text: '@Grace.Hopper', mention: 'Grace.Hopper' },
      { text: '.' },
    ]);
    expect(mentionParts('@bob_1 first')).toEqual([{ text: '@bob_1', mention: 'bob_1' }, { text: ' first' }]);
    expect(mentionParts('no one here')).toEqual([{ text: 'no one here' }]);
    expect(mentionParts('')).toEqual([{ text: '' }]);
  });

  it('takes no address, no word’s @, no name too short or too long for a username', () => {
    expect(mentions('mail ada@example.com or x.@ada')).toEqual([]);
    expect(mentions('@ab @ ' + `@${'a'.repeat(33)}`)).toEqual([]);
    expect(mentions(`@${'a'.repeat(32)}`)).toEqual(['a'.repeat(32)]);
    expect(mentions('(@ada) "@bob" @carol!')).toEqual(['ada', 'bob', 'carol']);
  });

  it('names the reader in any letter case, and nobody when signed out', () => {
    expect(mentionsReader('Ada', 'ada')).toBe(true);
    expect(mentionsReader('ada', 'adam')).toBe(false);
    expect(mentionsReader('ada', '')).toBe(false);
  });

  it('marks the reader’s mentions only', () => {
    expect(readerMentions('@ada and @bob', 'ADA')).toEqual([
      { text: '@ada', marked: true },
      { text: ' and ' },
      { text: '@bob' },
    ]);
    expect(readerMentions('@ada', '')).toEqual([{ text: '@ada' }]);
  });
});

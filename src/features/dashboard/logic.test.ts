import { describe, expect, it } from 'vitest';
import { describeWordGameBest, orPlaceholder } from './logic.ts';

describe('dashboard wording', () => {
  it('says the best word-game score in turns, or that no game was won (7 and above)', () => {
    expect(describeWordGameBest(1)).toBe('Your best score is 1 turn.');
    expect(describeWordGameBest(4)).toBe('Your best score is 4 turns.');
    expect(describeWordGameBest(7)).toBe('You have not won a game yet.');
  });

  it('shows N/A or the given placeholder for empty fields', () => {
    expect(orPlaceholder('')).toBe('N/A');
    expect(orPlaceholder('  ', 'No email on file.')).toBe('No email on file.');
    expect(orPlaceholder('Ada')).toBe('Ada');
  });
});

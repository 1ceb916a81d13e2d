import { describe, expect, it } from 'vitest';
import { frontImage, groupLabel, turn, turnForKey } from './logic.ts';

describe('gallery turns (SPEC section 4, Gallery)', () => {
  it('Next decreases the angle by 45 degrees, Previous increases it', () => {
    expect(turn(0, 'next')).toBe(-45);
    expect(turn(0, 'previous')).toBe(45);
    expect(turn(turn(90, 'next'), 'next')).toBe(0);
  });

  it('the right arrow is Next and the left arrow is Previous; other keys do nothing', () => {
    expect(turnForKey('ArrowRight')).toBe('next');
    expect(turnForKey('ArrowLeft')).toBe('previous');
    expect(turnForKey('ArrowUp')).toBeUndefined();
    expect(turnForKey('a')).toBeUndefined();
  });

  it('knows which of the eight images faces the viewer, all the way round and back', () => {
    expect(frontImage(0)).toBe(0);
    expect(frontImage(-45)).toBe(1);
    expect(frontImage(-315)).toBe(7);
    expect(frontImage(-360)).toBe(0);
    expect(frontImage(45)).toBe(7);
    expect(frontImage(-765)).toBe(1);
  });

  it('names groups without underscores', () => {
    expect(groupLabel('Finished_Products')).toBe('Finished Products');
    expect(groupLabel('Farm')).toBe('Farm');
  });
});

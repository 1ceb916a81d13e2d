import { describe, expect, it } from 'vitest';
import { cardGrid } from './card-grid.ts';

describe('a card grid’s picture sizes', () => {
  it('follows the columns as they fit: 18rem columns make two from 632px and three from 944px', () => {
    expect(cardGrid(18, 18)).toEqual({
      sizes:
        '(min-width: 1152px) 358px, (min-width: 944px) calc((100vw - 5rem) / 3), ' +
        '(min-width: 632px) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
      twoColumnsFrom: 632,
      fillsEveryRow: true,
    });
  });

  it('keeps its empty tracks (auto-fill) only when the cards fill the widest row', () => {
    expect(cardGrid(18, 3).fillsEveryRow).toBe(true); // three 18rem columns fit in 70rem
    expect(cardGrid(16, 3).fillsEveryRow).toBe(false); // four would: three must share the row
    expect(cardGrid(18, 2).fillsEveryRow).toBe(false);
  });

  it('has no more columns than cards: three 14rem cards share one row of three, not four', () => {
    const { sizes, twoColumnsFrom } = cardGrid(14, 3);
    expect(sizes).toBe(
      '(min-width: 1152px) 358px, (min-width: 752px) calc((100vw - 5rem) / 3), ' +
        '(min-width: 504px) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
    );
    expect(twoColumnsFrom).toBe(504);
    // With twelve cards, four columns of 16.375rem (262px) fit in the widest content box.
    expect(cardGrid(14, 12).sizes).toMatch(
      /^\(min-width: 1152px\) 262px, \(min-width: 1000px\) calc\(\(100vw - 6.5rem\) \/ 4\)/,
    );
  });

  it('gives one card the whole content width', () => {
    expect(cardGrid(16, 1).sizes).toBe('(min-width: 1152px) 1120px, calc(100vw - 2rem)');
  });
});

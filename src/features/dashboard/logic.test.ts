import { describe, expect, it } from 'vitest';
import { SHOP_PICKUP } from '../../content/shop/pickup.ts';
import * as wordGame from '../word-game/stats.ts';
import {
  GAME_MODE_ROWS,
  NEVER_WON,
  dayOf,
  describeOrderLine,
  describeOrderMail,
  describePickupDay,
  describeWordGameBest,
  joinNoticeText,
  orPlaceholder,
  shownStreak,
  winPercent,
} from './logic.ts';

describe('dashboard wording', () => {
  it("says why an order's confirmation was not sent: the day's cap, or an unconfirmed address", () => {
    expect(describeOrderMail('not-sent')).toContain('daily mail limit');
    expect(describeOrderMail('unconfirmed')).toBe('Confirmation mail: not sent (the address is not confirmed)');
  });

  it('says the best word-game score in turns, or that no game was won (7 and above)', () => {
    expect(describeWordGameBest(1)).toBe('Your best score is 1 turn.');
    expect(describeWordGameBest(4)).toBe('Your best score is 4 turns.');
    expect(describeWordGameBest(7)).toBe('You have not won a game yet.');
  });

  it('says an order line with its amount when it had a price, and its pickup day as the farm’s date', () => {
    const line = { item: 'Pickles', type: 'Hot', size: 'Pint', quantity: 2 };
    expect(describeOrderLine(line)).toBe('2 × Hot Pickles, Pint');
    expect(describeOrderLine({ ...line, unitPrice: 750 })).toMatch(/^2 × Hot Pickles, Pint: \D*15\.00$/);
    // The same calendar day in any time zone (these tests run in St John's, UTC-3:30).
    expect(describePickupDay('2026-12-05')).toBe(`Saturday, December 5, ${SHOP_PICKUP.hours}`);
  });

  it('shows N/A or the given placeholder for empty fields', () => {
    expect(orPlaceholder('')).toBe('N/A');
    expect(orPlaceholder('  ', 'No email on file.')).toBe('No email on file.');
    expect(orPlaceholder('Ada')).toBe('Ada');
  });
});

describe('the word game as the dashboard reads it', () => {
  // The dashboard knows the word game by its types only; these are the values it writes itself.
  const stats = (played: number, distribution: number[], currentStreak: number, lastDay: number) => ({
    played,
    distribution,
    currentStreak,
    maxStreak: currentStreak,
    lastDay,
  });
  const samples = [
    stats(0, [0, 0, 0, 0, 0, 0], 0, -1),
    stats(3, [0, 1, 1, 0, 0, 0], 2, 100),
    stats(7, [1, 0, 2, 0, 1, 0], 1, 98),
    stats(9, [0, 0, 0, 0, 0, 1], 0, 99),
  ];

  it('agrees with the word game’s own rules and modes', () => {
    expect(NEVER_WON).toBe(wordGame.NEVER_WON);
    expect(GAME_MODE_ROWS.map(([mode]) => mode)).toEqual(wordGame.GAME_MODES);
    for (const sample of samples) {
      expect(winPercent(sample)).toBe(wordGame.winPercent(sample));
      for (const mode of wordGame.GAME_MODES) {
        for (const today of [99, 100, 101, 102]) {
          expect(shownStreak(sample, mode, today)).toBe(wordGame.shownStreak(sample, mode, today));
        }
      }
    }
  });
});

describe('the forum request notice', () => {
  it('says what became of the request, kindly when declined, with the day they may ask again', () => {
    expect(joinNoticeText({ status: 'approved' })).toBe("You're in: the forum is in your menu.");
    expect(joinNoticeText({ status: 'pending' })).toBe('Your request to join the forum is waiting for the owner.');
    const from = '2026-12-01T12:00:00.000Z';
    expect(joinNoticeText({ status: 'declined', askAgainFrom: from })).toBe(
      `The owner has not let you into the forum this time. Thank you for asking: you are welcome to ask again from ${dayOf(from)}.`,
    );
    expect(dayOf(from)).toBe('Tuesday 1 December');
  });
});

/** Best-score sentinel: 7 turns means the word game was never won (SPEC section 9). */
export const NEVER_WON = 7;

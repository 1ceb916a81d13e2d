/** The guesses a word game allows (SPEC section 9: 6 turns). */
export const MAX_TURNS = 6;
/** Best-score sentinel: 7 turns means the word game was never won (SPEC section 9). */
export const NEVER_WON = 7;

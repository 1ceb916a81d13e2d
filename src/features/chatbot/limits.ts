// The chatbot's limits on what a request carries, shared by the page and the function. Apart from
// the request's schema (schema.ts) so the page gets the numbers without the validation library.

/** A question, not an essay: keeps each call's cost and wait bounded. */
export const MAX_QUESTION_LENGTH = 2000;
/** A system instruction is a sentence or two about tone and role. */
export const MAX_SYSTEM_LENGTH = 500;

/**
 * The most earlier turns (a question or an answer each) a request may carry. Far more than the
 * server keeps (MAX_HISTORY_TURNS in logic.ts): a page may send its whole conversation and let the
 * server keep the newest, while a list past this is refused as no conversation's.
 */
export const MAX_HISTORY_ENTRIES = 100;
/**
 * The longest earlier turn accepted: a question (MAX_QUESTION_LENGTH) or an answer (at most
 * MAX_ANSWER_TOKENS, 600 tokens, some 2,400 characters of English, more for code) fits with room;
 * anything longer is no turn of this chatbot's. Within the budget (MAX_HISTORY_CHARS) too.
 */
export const MAX_TURN_LENGTH = 6000;

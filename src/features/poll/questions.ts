// The one-question poll's questions (SPEC section 3: Vote record). Question 0 is the site config's
// `poll` (the demo's is the league's quarterback rule, its option texts the spec's, word for word).
import { poll } from '../../content/site.config.ts';

export interface Question {
  text: string;
  options: readonly string[];
  /** Closed by the site config (`poll.closed`): closed whatever the store says. */
  closedInConfig: boolean;
}

export const QUESTIONS: readonly Question[] = [
  { text: poll.question, options: poll.options, closedInConfig: poll.closed === true },
];

/** The option ids a question offers: its options' indices as strings ('0', '1', '2'). */
export function optionIds(question: number): string[] {
  return QUESTIONS[question]?.options.map((_, index) => String(index)) ?? [];
}

// The one-question poll's questions (SPEC section 3: Vote record). Question 0 is the site config's
// `poll` (the demo's is the league's quarterback rule, its option texts the spec's, word for word).
import { poll } from '../../content/site.config.ts';

export const QUESTIONS: readonly { text: string; options: readonly string[] }[] = [
  { text: poll.question, options: poll.options },
];

/** The option ids a question offers: its options' indices as strings ('0', '1', '2'). */
export function optionIds(question: number): string[] {
  return QUESTIONS[question]?.options.map((_, index) => String(index)) ?? [];
}

/** Counts the votes for each option of a question, from the vote records. */
export function tally(question: number, votes: { numberVotedFor: string; questionNumber: number }[]): number[] {
  const counts = QUESTIONS[question]?.options.map(() => 0) ?? [];
  for (const vote of votes) {
    const option = Number(vote.numberVotedFor);
    if (vote.questionNumber === question && counts[option] !== undefined) counts[option]++;
  }
  return counts;
}

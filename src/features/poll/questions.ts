// The one-question poll's questions (SPEC section 3: Vote record). Question 0 is the league's
// quarterback rule; its option texts are the spec's, word for word.

export const QUESTIONS = [
  {
    text: 'Should the 3QB maximum limit remain?',
    options: ['Stay 2QB League remove 3QB limit', 'Stay 2QB league, keep 3qb limit', 'Change to 1QB League'],
  },
] as const;

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

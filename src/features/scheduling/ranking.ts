// Which options of a scheduling poll suit the group best (as Rallly's): a voter answers each
// option yes or "if need be"; an option ranks by its yes answers, then by its if-need-be ones, so
// a yes always counts for more than any number of if-need-be.

export type Answer = 'yes' | 'ifNeedBe';

/** How an answer reads. */
export const ANSWER_TEXT: Record<Answer, string> = { yes: 'Yes', ifNeedBe: 'If need be' };

/** The answers an option has: how many said yes, how many if need be. */
export interface OptionTally {
  optionId: string;
  yes: number;
  ifNeedBe: number;
}

/** Counts each option's answers; options nobody answered count zero. */
export function tally(
  optionIds: readonly string[],
  answers: readonly { optionId: string; answer: Answer }[],
): OptionTally[] {
  const counts = new Map(optionIds.map((optionId) => [optionId, { optionId, yes: 0, ifNeedBe: 0 }]));
  for (const { optionId, answer } of answers) {
    const count = counts.get(optionId);
    if (count) count[answer] += 1;
  }
  return [...counts.values()];
}

/** Orders tallies best first: more yes, then more if-need-be, then the poll's own order. */
export function ranked(tallies: readonly OptionTally[]): OptionTally[] {
  return tallies
    .map((tally, index) => ({ tally, index }))
    .sort((a, b) => b.tally.yes - a.tally.yes || b.tally.ifNeedBe - a.tally.ifNeedBe || a.index - b.index)
    .map(({ tally }) => tally);
}

/** The best option or options (a tie), once anyone has answered; none before. */
export function bestOptions(tallies: readonly OptionTally[]): string[] {
  const [top] = ranked(tallies);
  if (!top || top.yes + top.ifNeedBe === 0) return [];
  return tallies.filter((each) => each.yes === top.yes && each.ifNeedBe === top.ifNeedBe).map((each) => each.optionId);
}

/** The answer after a click: no answer → yes → if need be → no answer. */
export function nextAnswer(answer: Answer | undefined): Answer | undefined {
  return answer === undefined ? 'yes' : answer === 'yes' ? 'ifNeedBe' : undefined;
}

// The chatbot's daily caps as pure rules, shared by the function and the page: what the visitor
// is told, how many questions remain. Counting a question only when every cap allows it is
// scripts.server.ts's askWithinCaps; the day and its reset are every daily cap's (src/lib/utc-day.ts).
import { secondsUntilReset } from '../../lib/utc-day.ts';
import type { ChatTurn } from './schema.ts';

/** "You can ask again after 00:00 UTC (in 5 hours)." — in minutes within the last hour. */
export function resetSentence(now: Date): string {
  const seconds = secondsUntilReset(now.getTime());
  const wait = seconds < 3600 ? plural(Math.ceil(seconds / 60), 'minute') : plural(Math.round(seconds / 3600), 'hour');
  return `You can ask again after 00:00 UTC (in ${wait}).`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** Which daily cap refused a question. */
export type DailyCap = 'visitor' | 'address' | 'visitor-tokens' | 'questions' | 'tokens';

/** The refusal's message for a cap: what was reached, and when it resets. */
export function capMessage(cap: DailyCap, max: number, now: Date): string {
  const reached = {
    visitor: `You have asked the ${plural(max, 'question')} allowed today.`,
    address: `The ${plural(max, 'question')} allowed today from your network address have been asked.`,
    'visitor-tokens': 'You have used your share of the chatbot’s answers for today.',
    questions: 'The chatbot has answered all the questions it can today.',
    tokens: 'The chatbot has used all of its answers for today.',
  }[cap];
  return `${reached} ${resetSentence(now)}`;
}

/** What the page says about the questions left today. */
export function remainingText(remaining: number): string {
  return remaining > 0 ? `${plural(remaining, 'question')} left today.` : 'No questions left today.';
}

/** The day's caps in force: per visitor (guest or signed in) and for the whole site. */
export interface DailyCaps {
  /** Questions per visitor: per address for a guest; per account and per address when signed in. */
  visitor: number;
  /** Model tokens per visitor, counted as `visitor` is: a share of the site's day, so no one visitor spends it all. */
  visitorTokens: number;
  questions: number;
  tokens: number;
}

/** What has been used today, as the counters read. */
export interface DailyUse {
  byAddress: number;
  /** Absent for a guest. */
  byAccount?: number;
  /** The model tokens spent on this address's questions, and (signed in) this account's. */
  tokensByAddress: number;
  tokensByAccount?: number;
  questions: number;
  tokens: number;
}

/** The questions this visitor may still ask today: the tightest of their caps and the site's. */
export function remainingQuestions(caps: DailyCaps, use: DailyUse): number {
  if (use.tokens >= caps.tokens) return 0;
  if (Math.max(use.tokensByAddress, use.tokensByAccount ?? 0) >= caps.visitorTokens) return 0;
  const own = caps.visitor - Math.max(use.byAddress, use.byAccount ?? 0);
  return Math.max(0, Math.min(own, caps.questions - use.questions));
}

/**
 * The most earlier turns the model is sent (a question or an answer each): the last six exchanges,
 * enough for follow-ups ("and in Python?") without paying for a whole long conversation on every
 * question.
 */
export const MAX_HISTORY_TURNS = 12;
/**
 * The most characters of earlier turns the model is sent, in all: about 2,000 tokens, which keeps a
 * question's prompt (and so the day's token cap, CHATBOT_TOKENS_PER_DAY) a few times a lone
 * question's at most, and well inside the model's context.
 */
export const MAX_HISTORY_CHARS = 8000;

/**
 * The earlier turns the model is sent: the newest ones within MAX_HISTORY_TURNS and
 * MAX_HISTORY_CHARS, the oldest dropped first (a turn that does not fit ends the kept run, so the
 * model never sees a conversation with a hole in it). Empty turns carry nothing and are left out.
 */
export function keptHistory(history: readonly ChatTurn[]): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let chars = 0;
  for (let i = history.length - 1; i >= 0 && kept.length < MAX_HISTORY_TURNS; i--) {
    const turn = history[i]!;
    const content = turn.content.trim();
    if (!content) continue;
    if (chars + content.length > MAX_HISTORY_CHARS) break;
    chars += content.length;
    kept.push({ role: turn.role, content });
  }
  return kept.reverse();
}

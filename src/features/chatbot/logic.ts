// The chatbot's pure rules, shared by the page and the functions: what a request may carry, the
// answer styles, the daily caps and what the visitor is told of them, the history the model is
// sent, what of a conversation is kept, and the "Ask about my work" prompt. Counting a question
// only when every cap allows it is scripts.server.ts's askWithinCaps.
import type { OwnerConfig, ProjectConfig, ResumeConfig } from '../../content/site-config.schema.ts';
import { type FeatureSwitches, isServed } from '../../lib/features.ts';
import { projectCardPath } from '../../lib/project-cards.ts';
import { secondsUntilReset } from '../../lib/utc-day.ts';
import type { ChatTurn, KeptMessage } from './schema.ts';

// ----- What a request carries -----

/** A question, not an essay: keeps each call's cost and wait bounded. */
export const MAX_QUESTION_LENGTH = 2000;
/** A system instruction is a sentence or two about tone and role. */
export const MAX_SYSTEM_LENGTH = 500;

/**
 * The most earlier turns (a question or an answer each) a request may carry. Far more than the
 * server keeps (MAX_HISTORY_TURNS): a page may send its whole conversation and let the
 * server keep the newest, while a list past this is refused as no conversation's.
 */
export const MAX_HISTORY_ENTRIES = 100;
/**
 * The longest earlier turn accepted: a question (MAX_QUESTION_LENGTH) or an answer (at most
 * MAX_ANSWER_TOKENS, 600 tokens, some 2,400 characters of English, more for code) fits with room;
 * anything longer is no turn of this chatbot's. Within the budget (MAX_HISTORY_CHARS) too.
 */
export const MAX_TURN_LENGTH = 6000;

// ----- Answer styles -----
// The spec's default and a few presets; any other text is a custom instruction. "Ask about my work"
// is the server's: the request names it (`preset`) and the server gives the model myWorkPrompt in
// its place, a prompt far past MAX_SYSTEM_LENGTH that no visitor can make up.

export const DEFAULT_SYSTEM_CHOICE = 'You are a helpful assistant.';

/** The presets whose instruction the server writes, by the name a request gives them. */
export const SERVER_PRESETS = ['my-work'] as const;
export type ServerPreset = (typeof SERVER_PRESETS)[number];

/** What the picker's field shows while "Ask about my work" is chosen (the server's prompt goes in its place). */
export const MY_WORK_CHOICE =
  "Answer questions about the site owner's work from their own material: projects, about and résumé.";

/**
 * The system fields of a request for the chosen instruction: the text, and the server's preset
 * when the choice is one (the text then only says what it is).
 */
export function systemFields(choice: string): { userSystemChoice: string; preset?: ServerPreset } {
  return choice === MY_WORK_CHOICE ? { userSystemChoice: choice, preset: 'my-work' } : { userSystemChoice: choice };
}

export interface InstructionPreset {
  /** What the picker shows. */
  name: string;
  /** The system instruction the model is given. */
  text: string;
}

export const INSTRUCTION_PRESETS: readonly InstructionPreset[] = [
  { name: 'Helpful assistant', text: DEFAULT_SYSTEM_CHOICE },
  {
    name: 'Concise',
    text: 'You are a helpful assistant. Answer in as few words as will do: no preamble, no repetition.',
  },
  {
    name: "Explain like I'm new to programming",
    text: 'You are a patient teacher. Explain as to someone new to programming: plain words, each technical term defined, and a small example.',
  },
  {
    name: 'Code reviewer',
    text: 'You are a senior code reviewer. Name bugs, security problems and unclear code first, most serious first, then show the corrected code.',
  },
  { name: 'Ask about my work', text: MY_WORK_CHOICE },
];

// ----- Daily caps -----

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

// ----- The history the model is sent -----

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

// ----- Conversations: their caps, how one is titled, and what of it is kept -----

/** The most conversations kept, in the browser or per account: past it the least recently used goes. */
export const MAX_CONVERSATIONS = 50;
/** The most messages (questions and answers) a kept conversation holds: past it the oldest go. */
export const MAX_CONVERSATION_MESSAGES = 200;
/** The most bytes (UTF-8) of a kept conversation's messages as JSON: past it the oldest go. Under a request's 64 KB. */
export const MAX_CONVERSATION_BYTES = 60 * 1024;
/**
 * The most bytes of conversations one account keeps on the server: about 250 ordinary turns, some
 * five days at a signed-in visitor's daily questions. Past it an answer is shown but not kept, and
 * the visitor is told to delete some (CONVERSATIONS_FULL).
 */
export const MAX_ACCOUNT_CONVERSATION_BYTES = 1024 * 1024;
/**
 * The most bytes of conversations the site keeps for all accounts together: a quarter of Upstash's
 * free 256 MB. At the default daily caps a day's answers add at most about 3 MB, so it bounds what
 * raised caps or many accounts could leave behind, rather than what one day can write.
 */
export const MAX_SITE_CONVERSATION_BYTES = 64 * 1024 * 1024;
export const CONVERSATIONS_FULL = `Your kept conversations are full (${MAX_ACCOUNT_CONVERSATION_BYTES / 1024 / 1024} MB). Delete some to keep new answers; this one stays on this page.`;
export const SITE_CONVERSATIONS_FULL =
  'The site cannot keep more conversations just now. This answer stays on this page.';
/** The longest title: made from the first question, or as the visitor renames it. */
export const MAX_TITLE_LENGTH = 60;
/** The longest failure reason kept with a failed answer. */
export const MAX_ERROR_LENGTH = 300;
/** A signed-in visitor's conversations are forgotten after this many days of no use. */
export const CONVERSATION_TTL_DAYS = 30;
/** A conversation's id: made by the page (crypto.randomUUID), checked by the server. */
export const CONVERSATION_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** The title of a conversation with no question yet. */
export const UNTITLED = 'New chat';

/** A conversation's title from its first question: one line, trimmed, at most MAX_TITLE_LENGTH characters. */
export function titleFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_TITLE_LENGTH) return line || UNTITLED;
  return `${line.slice(0, MAX_TITLE_LENGTH - 1).trimEnd()}…`;
}

/** A title as the visitor typed it: one line, trimmed, cut to MAX_TITLE_LENGTH; blank stays blank (refused). */
export function cleanTitle(title: string): string {
  return title.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_LENGTH);
}

/** The UTF-8 size of messages as JSON. */
export function messagesBytes(messages: readonly unknown[]): number {
  return new TextEncoder().encode(JSON.stringify(messages)).length;
}

/**
 * The newest messages within the caps (MAX_CONVERSATION_MESSAGES, MAX_CONVERSATION_BYTES), dropping
 * the oldest, and never starting with an answer whose question was dropped.
 */
export function keptMessages<T>(messages: readonly T[], kept: (message: T) => unknown = (message) => message): T[] {
  let start = Math.max(0, messages.length - MAX_CONVERSATION_MESSAGES);
  let bytes = messagesBytes(messages.slice(start).map(kept));
  while (start < messages.length && bytes > MAX_CONVERSATION_BYTES) {
    bytes -= messagesBytes([kept(messages[start]!)]) - 1;
    start++;
  }
  const rest = messages.slice(start);
  const from = (message: T) => (kept(message) as KeptMessage).from;
  return start > 0 && rest[0] !== undefined && from(rest[0]) === 'ai' ? rest.slice(1) : rest;
}

/** The newest MAX_CONVERSATIONS conversations, by when they last changed. */
export function keptConversations<T extends { updatedAt: number }>(conversations: readonly T[]): T[] {
  return [...conversations].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_CONVERSATIONS);
}

// ----- The "Ask about my work" prompt: built by the server from src/content/site.config.ts -----

export interface MyWorkMaterial {
  owner: OwnerConfig;
  projects: readonly ProjectConfig[];
  resume: ResumeConfig;
  /** A project's demo on this site is named only while its feature is on. */
  features: FeatureSwitches;
}

/** A project's demo link when it is served: another site's, or a page of this one whose feature is on. */
function servedDemo(demo: string | undefined, features: FeatureSwitches): string | undefined {
  if (!demo) return undefined;
  return demo.startsWith('https://') || isServed(demo, features) ? demo : undefined;
}

/** The system prompt of the "Ask about my work" preset, built from the owner's material. */
export function myWorkPrompt({ owner, projects, resume, features }: MyWorkMaterial): string {
  const { name } = owner;
  const example = projects[0]!;
  const links = owner.links.map(({ label, url }) => `${label}: ${url}`);
  const projectLines = projects.flatMap((project) => {
    const demo = servedDemo(project.demo, features);
    return [
      `## ${project.title}`,
      `Card: ${projectCardPath(project.id)}`,
      ...(demo ? [`Live demo: ${demo}`] : []),
      ...(project.code ? [`Code: ${project.code}`] : []),
      project.description,
      '',
    ];
  });
  return [
    `You answer visitors' questions about the work of ${name}, ${owner.title}, on ${name}'s website. Use only ${name}'s material below.`,
    '',
    'Rules:',
    `- Answer only from this material. When the answer is not in it, say plainly that it is not in ${name}'s material; never guess or invent.`,
    `- Cite each project you draw on as a markdown link to its card, for example [${example.title}](${projectCardPath(example.id)}).`,
    `- Be brief, and speak of ${name} in the third person.`,
    '',
    `# About ${name}`,
    `${owner.title}. ${owner.tagline}`,
    ...owner.about,
    ...links,
    '',
    '# Projects',
    '',
    ...projectLines,
    '# Résumé',
    resume.summary,
    'Skills:',
    ...resume.skills.map(({ area, items }) => `- ${area}: ${items}`),
    'Experience:',
    ...resume.experience.map(({ role, when, points }) => `- ${role} (${when}): ${points.join(' ')}`),
    `Projects: ${resume.projects}`,
    `Education: ${resume.education}`,
  ].join('\n');
}

// ----- "Ask about my work": the owner's pages, ranked for each question -----

/** A piece of one of the owner's pages (src/features/chatbot/passages.ts, written at build). */
export interface Passage {
  url: string;
  /** The page's title. */
  title: string;
  /** The section's heading, for a passage under one. */
  heading?: string;
  text: string;
}

/** Passages a question's prompt holds at most. */
export const CITED_PASSAGES = 3;
/**
 * The least BM25 score a passage needs to be given to the model: about one distinctive word of
 * the question in it. Below it, the question is not about the owner's pages.
 */
export const MIN_PASSAGE_SCORE = 1;

const STOP_WORDS = new Set(
  'a an and are as at be but by can did do does for from had has have he her his how i if in is it its me my of on or our she so than that the their them then there they this to us was we were what when where which who why will with would you your about tell built build made make owner site work project projects use used uses using write like today any some more most also just get know want please could should may might very give show list explain describe'.split(
    ' ',
  ),
);

/** A text's words as the ranking compares them: lower case, without common words, a plural's s gone. */
export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

/**
 * The passages that answer a question best, by BM25 (k1 1.2, b 0.75) over the title, heading and
 * text: at most CITED_PASSAGES, each scoring at least MIN_PASSAGE_SCORE, the best first. The words
 * of `ignore` (the owner's name, on every page of theirs) count for nothing.
 */
export function rankPassages(question: string, passages: readonly Passage[], ignore = ''): Passage[] {
  const ignored = new Set(terms(ignore));
  const asked = [...new Set(terms(question))].filter((term) => !ignored.has(term));
  if (asked.length === 0 || passages.length === 0) return [];
  const documents = passages.map((passage) => terms(`${passage.title} ${passage.heading ?? ''} ${passage.text}`));
  const averageLength = documents.reduce((sum, words) => sum + words.length, 0) / documents.length;
  const holding = new Map(asked.map((term) => [term, documents.filter((words) => words.includes(term)).length]));
  const scored = documents.map((words, index) => {
    const score = asked.reduce((sum, term) => {
      const frequency = words.filter((word) => word === term).length;
      if (frequency === 0) return sum;
      const idf = Math.log(1 + (documents.length - holding.get(term)! + 0.5) / (holding.get(term)! + 0.5));
      return sum + (idf * frequency * 2.2) / (frequency + 1.2 * (0.25 + (0.75 * words.length) / averageLength));
    }, 0);
    return { passage: passages[index]!, score };
  });
  return scored
    .filter(({ score }) => score >= MIN_PASSAGE_SCORE)
    .sort((a, b) => b.score - a.score)
    .slice(0, CITED_PASSAGES)
    .map(({ passage }) => passage);
}

/** The pages the passages came from, each once, in their order: what the answer shows as its sources. */
export function sourcesOf(passages: readonly Passage[]): { title: string; url: string }[] {
  const seen = new Map<string, string>();
  for (const { url, title } of passages) if (!seen.has(url)) seen.set(url, title);
  return [...seen].map(([url, title]) => ({ title, url }));
}

/** The system message that gives the model a question's passages, numbered as the sources are. */
export function passagesMessage(passages: readonly Passage[], ownerName: string): string {
  if (passages.length === 0) {
    return `None of ${ownerName}'s pages is about this question. Say so plainly, and do not answer it from elsewhere.`;
  }
  return [
    `Passages from ${ownerName}'s pages that bear on this question; answer from them first:`,
    ...passages.map(
      (passage, index) =>
        `[${index + 1}] ${passage.title}${passage.heading ? `: ${passage.heading}` : ''} (${passage.url})\n${passage.text}`,
    ),
  ].join('\n\n');
}

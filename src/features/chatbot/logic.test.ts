import { describe, expect, it } from 'vitest';
import { features, owner, projects, resume } from '../../content/site.config.ts';
import { FEATURES, type FeatureSwitches, isServed } from '../../lib/features.ts';
import { projectCardPath } from '../../lib/project-cards.ts';
import {
  DEFAULT_SYSTEM_CHOICE,
  INSTRUCTION_PRESETS,
  MAX_CONVERSATION_BYTES,
  MAX_CONVERSATION_MESSAGES,
  MAX_CONVERSATIONS,
  MAX_HISTORY_CHARS,
  MAX_HISTORY_TURNS,
  MAX_TITLE_LENGTH,
  MY_WORK_CHOICE,
  UNTITLED,
  capMessage,
  cleanTitle,
  keptConversations,
  keptHistory,
  keptMessages,
  messagesBytes,
  myWorkPrompt,
  remainingQuestions,
  remainingText,
  resetSentence,
  systemFields,
  titleFrom,
  CITED_PASSAGES,
  passagesMessage,
  rankPassages,
  sourcesOf,
  terms,
} from './logic.ts';

// The unit tests run in America/St_Johns (UTC-3:30 or -2:30): the reset is UTC's (src/lib/utc-day.ts).
const at = (iso: string) => new Date(iso);

describe('the chatbot day', () => {
  it.each([
    ['2026-11-23T19:00:00Z', '(in 5 hours)'],
    ['2026-11-23T19:20:00Z', '(in 5 hours)'],
    ['2026-11-23T22:40:00Z', '(in 1 hour)'],
    ['2026-11-23T23:01:00Z', '(in 59 minutes)'],
    ['2026-11-23T23:59:30Z', '(in 1 minute)'],
  ])('says when it resets at %s: %s', (now, wait) => {
    expect(resetSentence(at(now))).toBe(`You can ask again after 00:00 UTC ${wait}.`);
  });
});

describe('the caps', () => {
  const now = at('2026-11-23T19:00:00Z');
  it('say which cap was reached and when it resets', () => {
    expect(capMessage('visitor', 20, now)).toBe(
      'You have asked the 20 questions allowed today. You can ask again after 00:00 UTC (in 5 hours).',
    );
    expect(capMessage('visitor', 1, now)).toMatch(/^You have asked the 1 question allowed today\./);
    expect(capMessage('address', 50, now)).toMatch(/^The 50 questions allowed today from your network address/);
    expect(capMessage('questions', 500, now)).toMatch(/^The chatbot has answered all the questions it can today\. You/);
    expect(capMessage('tokens', 500_000, now)).toMatch(/^The chatbot has used all of its answers for today\. You/);
  });

  const caps = { visitor: 20, visitorTokens: 100, questions: 100, tokens: 1000 };
  const none = { tokensByAddress: 0, questions: 0, tokens: 0 };
  it('leave the tightest of the visitor’s and the site’s remaining', () => {
    expect(remainingQuestions(caps, { ...none, byAddress: 2, questions: 50 })).toBe(18);
    expect(remainingQuestions(caps, { ...none, byAddress: 2, byAccount: 5, questions: 50 })).toBe(15);
    expect(remainingQuestions(caps, { ...none, byAddress: 7, byAccount: 5, questions: 50 })).toBe(13);
    expect(remainingQuestions(caps, { ...none, byAddress: 2, questions: 95 })).toBe(5);
    expect(remainingQuestions(caps, { ...none, byAddress: 25, questions: 150 })).toBe(0);
    expect(remainingQuestions(caps, { ...none, byAddress: 0, tokens: 1000 })).toBe(0);
  });

  it('leave none once the visitor has spent their share of the tokens, by address or by account', () => {
    expect(remainingQuestions(caps, { ...none, byAddress: 2, tokensByAddress: 99 })).toBe(18);
    expect(remainingQuestions(caps, { ...none, byAddress: 2, tokensByAddress: 100 })).toBe(0);
    expect(remainingQuestions(caps, { ...none, byAddress: 2, byAccount: 2, tokensByAccount: 100 })).toBe(0);
    expect(capMessage('visitor-tokens', 100, now)).toMatch(
      /^You have used your share of the chatbot’s answers for today\. You can ask again after 00:00 UTC/,
    );
  });

  it('are shown as a count, or as none left', () => {
    expect(remainingText(18)).toBe('18 questions left today.');
    expect(remainingText(1)).toBe('1 question left today.');
    expect(remainingText(0)).toBe('No questions left today.');
  });
});

describe('the earlier turns kept for the model', () => {
  const turn = (role: 'user' | 'assistant', content: string) => ({ role, content });

  it('keeps a short conversation whole, in order', () => {
    const history = [turn('user', 'Hi'), turn('assistant', 'Hello!')];
    expect(keptHistory(history)).toEqual(history);
    expect(keptHistory([])).toEqual([]);
  });

  it(`keeps the newest ${MAX_HISTORY_TURNS} turns`, () => {
    const history = Array.from({ length: MAX_HISTORY_TURNS + 3 }, (_, i) => turn('user', `t${i}`));
    expect(keptHistory(history)).toEqual(history.slice(3));
  });

  it(`keeps at most ${MAX_HISTORY_CHARS} characters, dropping the oldest first and leaving no hole`, () => {
    const [old, big, recent] = [
      turn('user', 'a'),
      turn('assistant', 'b'.repeat(MAX_HISTORY_CHARS - 10)),
      turn('user', 'c'.repeat(11)),
    ];
    // The big turn does not fit after the recent one: it and everything older are dropped.
    expect(keptHistory([old, big, recent])).toEqual([recent]);
    const fits = turn('user', 'c'.repeat(10));
    expect(keptHistory([old, big, fits])).toEqual([big, fits]);
  });

  it('leaves out empty turns and trims the kept ones', () => {
    expect(keptHistory([turn('user', '  Hi  '), turn('assistant', '   ')])).toEqual([turn('user', 'Hi')]);
  });
});

const turn = (n: number, text = `Turn ${n}`) => ({ from: n % 2 === 0 ? ('user' as const) : ('ai' as const), text });

describe('conversation titles', () => {
  it('are the first question on one line, trimmed, cut at the limit with an ellipsis', () => {
    expect(titleFrom('  What is\n\nthe   time?  ')).toBe('What is the time?');
    expect(titleFrom('   ')).toBe(UNTITLED);
    const long = titleFrom('word '.repeat(40));
    expect(long.length).toBe(MAX_TITLE_LENGTH);
    expect(long.endsWith('…')).toBe(true);
    expect(titleFrom('x'.repeat(MAX_TITLE_LENGTH))).toBe('x'.repeat(MAX_TITLE_LENGTH));
  });

  it('as typed are one line, trimmed and cut; a blank one stays blank', () => {
    expect(cleanTitle('  My \t chat ')).toBe('My chat');
    expect(cleanTitle(' ')).toBe('');
    expect(cleanTitle('y'.repeat(99))).toHaveLength(MAX_TITLE_LENGTH);
  });
});

describe('what of a conversation is kept', () => {
  it(`keeps the newest ${MAX_CONVERSATION_MESSAGES} messages, never starting with an orphan answer`, () => {
    const messages = Array.from({ length: MAX_CONVERSATION_MESSAGES + 3 }, (_, n) => turn(n));
    const kept = keptMessages(messages);
    expect(kept.length).toBeLessThanOrEqual(MAX_CONVERSATION_MESSAGES);
    expect(kept.at(-1)).toEqual(messages.at(-1));
    expect(kept[0]!.from).toBe('user');
    expect(keptMessages(messages.slice(0, 4))).toEqual(messages.slice(0, 4));
  });

  it(`keeps at most ${MAX_CONVERSATION_BYTES / 1024} KB, dropping the oldest`, () => {
    const messages = Array.from({ length: 30 }, (_, n) => turn(n, `${n} ${'é'.repeat(2000)}`));
    const kept = keptMessages(messages);
    expect(messagesBytes(kept)).toBeLessThanOrEqual(MAX_CONVERSATION_BYTES);
    expect(messagesBytes(messages.slice(messages.length - kept.length - 2))).toBeGreaterThan(MAX_CONVERSATION_BYTES);
    expect(kept.at(-1)).toEqual(messages.at(-1));
    expect(kept[0]!.from).toBe('user');
  });

  it(`keeps the ${MAX_CONVERSATIONS} most recently changed conversations, newest first`, () => {
    const conversations = Array.from({ length: MAX_CONVERSATIONS + 5 }, (_, n) => ({ id: `c${n}`, updatedAt: n }));
    const kept = keptConversations(conversations);
    expect(kept).toHaveLength(MAX_CONVERSATIONS);
    expect(kept[0]!.id).toBe(`c${MAX_CONVERSATIONS + 4}`);
    expect(kept.map(({ id }) => id)).not.toContain('c4');
  });
});

// The "Ask about my work" prompt, read against the site's own config (never a copy of the owner's words).
const prompt = myWorkPrompt({ owner, projects, resume, features });
const allOff = Object.fromEntries(FEATURES.map((feature) => [feature, false])) as FeatureSwitches;

describe('the "Ask about my work" prompt', () => {
  it('says who the owner is: name, title, tagline, every about paragraph and their links', () => {
    for (const text of [owner.name, owner.title, owner.tagline, ...owner.about]) expect(prompt).toContain(text);
    for (const { label, url } of owner.links) expect(prompt).toContain(`${label}: ${url}`);
  });

  it('holds every project: its title, description, card link and code link', () => {
    for (const project of projects) {
      const section = prompt.slice(prompt.indexOf(`## ${project.title}\n`));
      expect(section.startsWith(`## ${project.title}\nCard: ${projectCardPath(project.id)}\n`), project.id).toBe(true);
      expect(prompt).toContain(project.description);
      if (project.code) expect(section).toContain(`Code: ${project.code}`);
    }
  });

  it('names a demo on this site only while its feature is on; another site’s always', () => {
    for (const project of projects.filter((project) => project.demo)) {
      const demo = `Live demo: ${project.demo!}\n`;
      const external = project.demo!.startsWith('https://');
      expect(prompt.includes(demo), project.id).toBe(external || isServed(project.demo!, features));
      expect(myWorkPrompt({ owner, projects, resume, features: allOff }).includes(demo), project.id).toBe(external);
    }
  });

  it('holds the résumé: summary, skills, experience, projects and education', () => {
    expect(prompt).toContain(resume.summary);
    for (const { area, items } of resume.skills) expect(prompt).toContain(`- ${area}: ${items}`);
    for (const { role, when, points } of resume.experience) {
      expect(prompt).toContain(`- ${role} (${when}): `);
      for (const point of points) expect(prompt).toContain(point);
    }
    expect(prompt).toContain(resume.projects);
    expect(prompt).toContain(resume.education);
  });

  it('tells the model to answer only from the material, cite the cards, and say when something is not there', () => {
    expect(prompt).toContain('Answer only from this material.');
    expect(prompt).toContain(`say plainly that it is not in ${owner.name}'s material; never guess or invent.`);
    expect(prompt).toContain(`[${projects[0]!.title}](${projectCardPath(projects[0]!.id)})`);
  });

  it('is built from what it is given: another owner’s material makes another prompt', () => {
    const other = myWorkPrompt({
      owner: { ...owner, name: 'Sam Other', about: ['Sam makes maps.'] },
      projects: [{ ...projects[0]!, id: 'maps', title: 'Map Maker' }],
      resume,
      features,
    });
    expect(other).toContain("not in Sam Other's material");
    expect(other).toContain('## Map Maker\nCard: /#project-maps\n');
    expect(other).toContain('Sam makes maps.');
    expect(other).not.toContain(owner.about[0]!);
    for (const project of projects.slice(1)) expect(other).not.toContain(`## ${project.title}\n`);
  });
});

describe('the request for an instruction', () => {
  it('names the server’s preset for "Ask about my work", and no preset for any other instruction', () => {
    expect(INSTRUCTION_PRESETS.find((preset) => preset.name === 'Ask about my work')?.text).toBe(MY_WORK_CHOICE);
    expect(systemFields(MY_WORK_CHOICE)).toEqual({ userSystemChoice: MY_WORK_CHOICE, preset: 'my-work' });
    expect(systemFields(DEFAULT_SYSTEM_CHOICE)).toEqual({ userSystemChoice: DEFAULT_SYSTEM_CHOICE });
    expect(systemFields('Answer like a pirate.')).toEqual({ userSystemChoice: 'Answer like a pirate.' });
  });
});

describe('the passages a my-work question is given', () => {
  const passage = (url: string, title: string, text: string) => ({ url, title, text });
  const passages = [
    passage('/projects/shop', 'Farm Shop', 'A shop for pickles with a cart kept in Redis.'),
    passage('/projects/game', 'Word Game', 'A five-letter word game with six tries and a daily word.'),
    passage('/blog/redis', 'One round trip', 'Redis scripts keep every vote to one round trip to Redis.'),
    passage('/about', 'About', 'I am Ada Lovelace, a developer who likes fast pages.'),
  ];

  it('are the best matches by BM25, the best first, at most three, each above the least score', () => {
    expect(rankPassages('Tell me about the word game', passages).map(({ url }) => url)).toEqual(['/projects/game']);
    expect(rankPassages('Who sells pickles?', passages).map(({ url }) => url)).toEqual(['/projects/shop']);
    // A word on half the pages tells them apart too little to count.
    expect(rankPassages('Redis?', passages)).toEqual([]);
    expect(rankPassages('What is the capital of France?', passages)).toEqual([]);
    expect(rankPassages('the and of', passages)).toEqual([]);
    const many = Array.from({ length: 6 }, (_, n) => passage(`/p${n}`, `Pickles ${n}`, 'pickles pickles'));
    expect(rankPassages('pickles', [...many, ...passages]).length).toBeLessThanOrEqual(CITED_PASSAGES);
  });

  it("count the owner's name for nothing: it is on every page of theirs", () => {
    expect(rankPassages('What did Ada Lovelace build?', passages, 'Ada Lovelace')).toEqual([]);
    expect(rankPassages('What did Ada Lovelace build?', passages).map(({ url }) => url)).toEqual(['/about']);
  });

  it('name their pages once each as the sources, and are numbered for the model', () => {
    const twice = [passages[0]!, { ...passages[0]!, heading: 'More' }, passages[2]!];
    expect(sourcesOf(twice)).toEqual([
      { title: 'Farm Shop', url: '/projects/shop' },
      { title: 'One round trip', url: '/blog/redis' },
    ]);
    expect(passagesMessage(twice, 'Ada')).toContain('[2] Farm Shop: More (/projects/shop)\nA shop for pickles');
    expect(passagesMessage([], 'Ada')).toBe(
      "None of Ada's pages is about this question. Say so plainly, and do not answer it from elsewhere.",
    );
    expect(terms('Which projects use the APIs and classes?')).toEqual(['api', 'classe']);
  });
});

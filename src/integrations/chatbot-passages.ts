// Writes the chatbot's passages (src/features/chatbot/passages.ts) when Astro starts, so every
// build and its functions answer "Ask about my work" from the owner's pages as they are: each post,
// each project's page and the about page, cut at their `##` headings. The file is written only
// when the content changed; commit it with the content, as a lock file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { features, owner, projects } from '../content/site.config.ts';
import type { Passage } from '../features/chatbot/logic.ts';
import { aboutFile, postFiles, writeUpFiles } from './content-files.ts';

const OUTPUT = join(import.meta.dirname, '../features/chatbot/passages.ts');
/** The longest passage, in characters: a few fit a question's prompt. */
const MAX_PASSAGE = 1200;

/** Markdown as plain text: code blocks left out, links and emphasis as their words. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#+|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A page's Markdown as passages: one per `##` section (the text before the first is the page's own), long ones cut. */
export function passagesOf(page: { url: string; title: string }, markdown: string): Passage[] {
  return markdown.split(/^##\s+/m).flatMap((section, index) => {
    const [first = '', ...rest] = section.split('\n');
    const heading = index === 0 ? undefined : plainText(first);
    const text = plainText(index === 0 ? section : rest.join('\n'));
    const pieces = text.match(new RegExp(`.{1,${MAX_PASSAGE}}(\\s|$)`, 'g')) ?? [];
    return pieces.map((piece) => ({ ...page, ...(heading && { heading }), text: piece.trim() }));
  });
}

/** Every passage the site's pages hold, posts only with the blog on and never a draft. */
export function sitePassages(): Passage[] {
  const writeUps = writeUpFiles();
  return [
    ...passagesOf({ url: '/about', title: 'About' }, [...owner.about, aboutFile()].join('\n\n')),
    ...projects.flatMap((project) =>
      passagesOf(
        { url: `/projects/${project.id}`, title: project.title },
        [
          project.description,
          project.tags?.length ? `Stack: ${project.tags.join(', ')}.` : '',
          writeUps.get(project.id) ?? '',
        ]
          .filter(Boolean)
          .join('\n\n'),
      ),
    ),
    ...(features.blog ? postFiles().filter((post) => !post.draft) : []).flatMap((post) =>
      passagesOf({ url: `/blog/${post.id}`, title: post.title }, `${post.description}\n\n${post.body}`),
    ),
  ].filter((passage) => passage.text !== '');
}

/** The generated module's text. */
export function passagesModule(passages: readonly Passage[]): string {
  return [
    '// Generated from the posts, the projects and the about page by src/integrations/chatbot-passages.ts,',
    '// at every build: do not edit.',
    "import type { Passage } from './logic.ts';",
    '',
    `export const PASSAGES: readonly Passage[] = ${JSON.stringify(passages, null, 2)};`,
    '',
  ].join('\n');
}

/** Returns the integration that keeps src/features/chatbot/passages.ts true to the content. */
export function chatbotPassages(): AstroIntegration {
  return {
    name: 'site:chatbot-passages',
    hooks: {
      'astro:config:setup': ({ logger }) => {
        const passages = sitePassages();
        const text = passagesModule(passages);
        if (existsSync(OUTPUT) && readFileSync(OUTPUT, 'utf8') === text) return;
        writeFileSync(OUTPUT, text);
        logger.info(`the chatbot's passages were rewritten: ${passages.length} from the owner's pages`);
      },
    },
  };
}

import { describe, expect, it } from 'vitest';
import { features, owner, projects } from '../content/site.config.ts';
import { passagesModule, passagesOf, plainText, sitePassages } from './chatbot-passages.ts';
import { postFiles } from './content-files.ts';

describe("the chatbot's passages", () => {
  it('read Markdown as its words: no code block, links and emphasis as their text', () => {
    expect(
      plainText('# Title\n\nSee **[the docs](https://x.test)** and `code`.\n\n```ts\nsecret()\n```\n- one\n- two'),
    ).toBe('Title See the docs and code. one two');
  });

  it('cut a page at its ## headings, the text before the first its own, a long section in pieces', () => {
    const page = { url: '/p', title: 'P' };
    expect(passagesOf(page, 'Intro.\n\n## First\n\nOne.\n\n## Second\n\nTwo.')).toEqual([
      { ...page, text: 'Intro.' },
      { ...page, heading: 'First', text: 'One.' },
      { ...page, heading: 'Second', text: 'Two.' },
    ]);
    const long = passagesOf(page, Array(400).fill('word').join(' '));
    expect(long.length).toBe(2);
    expect(long.every((passage) => passage.text.length <= 1200)).toBe(true);
  });

  it("hold the about page, every project's page and every post built, nothing else", () => {
    const urls = new Set(sitePassages().map((passage) => passage.url));
    const posts = features.blog ? postFiles().filter((post) => !post.draft) : [];
    expect([...urls].sort()).toEqual(
      [
        '/about',
        ...projects.map((project) => `/projects/${project.id}`),
        ...posts.map((post) => `/blog/${post.id}`),
      ].sort(),
    );
    expect(sitePassages()[0]!.text).toContain(owner.about[0]!.slice(0, 40));
  });

  it('are written as a module that gives them to the functions', () => {
    const module = passagesModule([{ url: '/about', title: 'About', text: 'Hi.' }]);
    expect(module).toContain("import type { Passage } from './logic.ts';");
    expect(module).toContain('export const PASSAGES: readonly Passage[] = [');
  });
});

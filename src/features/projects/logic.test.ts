import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '../../content/site-config.schema.ts';
import { FEATURES } from '../../lib/features.ts';
import { projectDemo, projectsTagged, projectTags } from './logic.ts';

const project = (id: string, tags: string[] | undefined, demo?: string): ProjectConfig => ({
  id,
  title: id,
  tags,
  description: id,
  thumbnail: `${id}.png`,
  thumbnailAlt: id,
  demo,
});
const on = Object.fromEntries(FEATURES.map((feature) => [feature, true])) as Record<(typeof FEATURES)[number], boolean>;

describe('the showcase tags', () => {
  const projects = [project('a', ['React', 'Redis']), project('b', ['react', 'Astro']), project('c', undefined)];

  it('are counted across spellings, the most used first, then by name', () => {
    expect(projectTags(projects)).toEqual([
      { tag: 'React', slug: 'react', count: 2 },
      { tag: 'Astro', slug: 'astro', count: 1 },
      { tag: 'Redis', slug: 'redis', count: 1 },
    ]);
  });

  it("list a tag's projects in the config's order", () => {
    expect(projectsTagged(projects, 'react').map(({ id }) => id)).toEqual(['a', 'b']);
    expect(projectsTagged(projects, 'vue')).toEqual([]);
  });
});

describe("a project's Live Demo", () => {
  it('goes elsewhere always, and to a page of this site while its feature is on', () => {
    expect(projectDemo(project('a', [], 'https://example.com/a'), { ...on, chatbot: false })).toEqual({
      href: 'https://example.com/a',
      external: true,
    });
    expect(projectDemo(project('b', [], '/chatbot'), on)).toEqual({ href: '/chatbot', external: false });
    expect(projectDemo(project('b', [], '/chatbot'), { ...on, chatbot: false })).toBeUndefined();
    expect(projectDemo(project('c', []), on)).toBeUndefined();
  });
});

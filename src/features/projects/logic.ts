// The showcase's tags: the filter above the cards, and which projects a tag's page lists.
import type { ProjectConfig } from '../../content/site-config.schema.ts';
import { isServed, type FeatureSwitches } from '../../lib/features.ts';
import { tagSlug } from '../../lib/tags.ts';

export interface TagCount {
  tag: string;
  slug: string;
  count: number;
}

/** Every tag of the projects, the most used first (then by name), spelt as it first appears. */
export function projectTags(projects: readonly ProjectConfig[]): TagCount[] {
  const counts = new Map<string, TagCount>();
  for (const tag of projects.flatMap((project) => project.tags ?? [])) {
    const slug = tagSlug(tag);
    const known = counts.get(slug);
    if (known) known.count += 1;
    else counts.set(slug, { tag, slug, count: 1 });
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

/** The projects with the tag whose slug is given, in the config's order. */
export function projectsTagged(projects: readonly ProjectConfig[], slug: string): ProjectConfig[] {
  return projects.filter((project) => (project.tags ?? []).some((tag) => tagSlug(tag) === slug));
}

/** A project's page. */
export const projectPath = (id: string): string => `/projects/${id}`;

/** Where a project's Live Demo goes, if anywhere: a page of this site only while its feature is on. */
export function projectDemo(
  project: ProjectConfig,
  switches: FeatureSwitches,
): { href: string; external: boolean } | undefined {
  if (!project.demo) return undefined;
  const external = project.demo.startsWith('https://');
  return external || isServed(project.demo, switches) ? { href: project.demo, external } : undefined;
}

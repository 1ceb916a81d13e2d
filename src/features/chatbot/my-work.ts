// The "Ask about my work" preset's system prompt: the owner's own material (who they are, the
// project showcase, the résumé) and the rules for answering from it. Pure: the server builds it
// once, when its module loads, from src/content/site.config.ts (service.server.ts), so it is part
// of the function's bundle and never travels from the browser (the request names the preset only).
import type { OwnerConfig, ProjectConfig, ResumeConfig } from '../../content/site-config.schema.ts';
import { type FeatureSwitches, isServed } from '../../lib/features.ts';
import { projectCardPath } from '../../lib/project-cards.ts';

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
  const links = [
    owner.links.github && `GitHub: ${owner.links.github}`,
    owner.links.linkedin && `LinkedIn: ${owner.links.linkedin}`,
  ].filter(Boolean);
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

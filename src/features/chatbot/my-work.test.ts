// The "Ask about my work" prompt, read against the site's own config (never a copy of the owner's words).
import { describe, expect, it } from 'vitest';
import { features, owner, projects, resume } from '../../content/site.config.ts';
import { FEATURES, type FeatureSwitches, isServed } from '../../lib/features.ts';
import { projectCardPath } from '../../lib/project-cards.ts';
import { DEFAULT_SYSTEM_CHOICE, INSTRUCTION_PRESETS, MY_WORK_CHOICE, systemFields } from './instructions.ts';
import { myWorkPrompt } from './my-work.ts';

const prompt = myWorkPrompt({ owner, projects, resume, features });
const allOff = Object.fromEntries(FEATURES.map((feature) => [feature, false])) as FeatureSwitches;

describe('the "Ask about my work" prompt', () => {
  it('says who the owner is: name, title, tagline, every about paragraph and their links', () => {
    for (const text of [owner.name, owner.title, owner.tagline, ...owner.about]) expect(prompt).toContain(text);
    for (const link of Object.values(owner.links)) expect(prompt).toContain(link);
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

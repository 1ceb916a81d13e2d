// Keeps the second owner's list (tests/second-owner/specs.ts) true: every browser spec that reads
// the owner's config is on it, and nothing else is. A spec reads it when it, or a module of ours it
// imports, takes anything from tests/site-config.ts but the feature switches (or uses a switch for
// more than skipping itself), or imports src/content/site.config.ts itself.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { owner, poll, projects, shop } from '../../src/content/site.config.ts';
import { CONFIG_SPECS } from '../second-owner/specs.ts';

const ROOT = join(import.meta.dirname, '../..');
const TEST_CONFIG = join(ROOT, 'tests/site-config.ts');
const OWNER_CONFIG = join(ROOT, 'src/content/site.config.ts');
/** What a spec may take from tests/site-config.ts without reading the owner's config. */
const SWITCHES_ONLY = new Set(['features', 'switchedOff']);

/** The relative imports of a module, with the names each takes. */
function importsOf(source: string): { from: string; names: string[] }[] {
  return [...source.matchAll(/import\s+(?:type\s+)?(?:\{([^}]*)\}|[\w*\s]+)?\s*(?:from\s*)?'(\.[^']+)'/g)].map(
    ([, names = '', from]) => ({
      from: from!,
      names: names
        .split(',')
        .map((name) =>
          name
            .replace(/^\s*type\s+/, '')
            .split(/\s+as\s+/)[0]!
            .trim(),
        )
        .filter(Boolean),
    }),
  );
}

/**
 * Why `spec` reads the owner's config, itself or through a test module it imports, or a module of the
 * site's that one of those imports (that module's own imports: not what the site's code does with the
 * config, which every page does); undefined when it does not. Only the spec is held to using the
 * switches for skipping alone (the demo data seeds what is on).
 */
export function configRead(spec: string, file = spec, seen = new Set<string>()): string | undefined {
  if (seen.has(file) || !existsSync(file)) return undefined;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const here = relative(ROOT, file);
  for (const { from, names } of importsOf(source)) {
    const target = resolve(dirname(file), from);
    if (target === TEST_CONFIG || target === OWNER_CONFIG) {
      const read = names.filter((name) => !SWITCHES_ONLY.has(name));
      if (read.length) return `${here} takes ${read.join(', ')} from ${relative(ROOT, target)}`;
      const used = source.replace(/test\.skip\(\s*!features\.\w+/g, '').match(/(?<![\w/.])features\.\w+/);
      if (file === spec && used) return `${here} uses ${used[0]} for more than skipping`;
      continue;
    }
    // The tests' own modules are followed; the site's code only as far as its own imports of the config.
    const why = here.startsWith('tests/') ? configRead(spec, target, seen) : undefined;
    if (why) return why;
  }
  return undefined;
}

const SPECS = readdirSync(join(ROOT, 'tests/e2e'))
  .filter((name) => name.endsWith('.spec.ts'))
  .map((name) => `tests/e2e/${name}`);

describe("the second owner's specs", () => {
  it('names specs that exist', () => {
    for (const spec of CONFIG_SPECS) expect(SPECS, spec).toContain(spec);
  });

  it('holds every spec that reads the owner config, and no other', () => {
    const reading = Object.fromEntries(
      SPECS.map((spec) => [spec, configRead(join(ROOT, spec))]).filter(([, why]) => why),
    );
    expect(Object.keys(reading).sort()).toEqual([...CONFIG_SPECS].sort());
  });

  it('leaves out only specs that write none of the owner content out themselves', () => {
    // (A project's title may be an app's name too, as the word game's is: its description is the owner's.)
    const content = [owner.name, owner.title, owner.email, shop.name, poll.title, poll.question, ...poll.options]
      .concat(projects.map((project) => project.description))
      .filter((text) => text.length > 3);
    for (const spec of SPECS.filter((file) => !CONFIG_SPECS.includes(file))) {
      const source = readFileSync(join(ROOT, spec), 'utf8');
      expect(
        content.filter((text) => source.includes(text)),
        spec,
      ).toEqual([]);
    }
  });

  it('sees a read through a module the spec imports, and a switch used for more than skipping', () => {
    const spec = join(ROOT, 'tests/e2e/word-game.spec.ts');
    expect(configRead(spec)).toBeUndefined();
    expect(configRead(join(ROOT, 'tests/e2e/faults.spec.ts'))).toMatch(
      /routes\.ts takes .*\bserved\b.* from tests\/site-config\.ts/,
    );
    expect(configRead(join(ROOT, 'tests/e2e/auth.spec.ts'))).toMatch(/features\.\w+ for more than skipping/);
  });
});

// Astro scopes a component's <style> to the elements its own template writes: a class that only a
// child component puts on its markup (a prop such as Choice's labelClass) matches nothing, and the
// page silently loses those rules (/poll's options did, for two days). Such rules reach the child
// through :global(), as PollCard's fieldset :global(.option) does.
import { globSync, readFileSync } from 'node:fs';
import { parse } from '@astrojs/compiler-rs';
import { describe, expect, it } from 'vitest';

type Node = { type?: string; start: number; end: number; [key: string]: unknown };

/** The words (class names among them) in `text`. */
const wordsIn = (text: string): string[] => text.match(/[\w-]+/g) ?? [];

/** `selector` without its :global(...) parts, whose classes are the children's to carry. */
function scopedPart(selector: string): string {
  let scoped = '';
  for (let at = 0; at < selector.length;) {
    if (!selector.startsWith(':global(', at)) {
      scoped += selector[at++];
      continue;
    }
    let depth = 0;
    for (at += ':global'.length; at < selector.length; at++) {
      if (selector[at] === '(') depth++;
      else if (selector[at] === ')' && --depth === 0) break;
    }
    at++;
  }
  return scoped;
}

/** Every node under `node`, depth first. */
function* nodesOf(node: unknown): Generator<Node> {
  if (Array.isArray(node)) for (const child of node) yield* nodesOf(child);
  else if (node && typeof node === 'object') {
    if ('type' in node) yield node as Node;
    for (const value of Object.values(node)) yield* nodesOf(value);
  }
}

/** The classes a component's scoped <style> names that no element of its own template can carry. */
export function unscopedClasses(source: string): string[] {
  const { ast } = parse(source) as unknown as { ast: { frontmatter: unknown; body: unknown } };
  const text = (node: Node) => source.slice(node.start, node.end);
  // A class may come from the frontmatter's strings (class:list={[view.as]}); a tag it imports is a component.
  const carried = new Set<string>();
  const components = new Set<string>();
  for (const node of nodesOf(ast.frontmatter)) {
    if (node.type === 'ImportDeclaration')
      for (const { local } of node.specifiers as { local: { name: string } }[]) components.add(local.name);
    if (node.type === 'Literal' && typeof node.value === 'string') wordsIn(node.value).forEach((w) => carried.add(w));
    if (node.type === 'TemplateElement') wordsIn(text(node)).forEach((w) => carried.add(w));
  }
  let css = '';
  for (const node of nodesOf(ast.body)) {
    if (node.type !== 'JSXElement') continue;
    const opening = node.openingElement as { name: Node; attributes: (Node & { name?: Node; value?: Node })[] };
    const tag = text(opening.name);
    if (tag === 'style') {
      if (!opening.attributes.some((attribute) => attribute.name && text(attribute.name) === 'is:global'))
        css += (node.children as Node[]).map(text).join('');
    } else if (!components.has(tag.split('.')[0]!)) {
      for (const { value } of opening.attributes) if (value) wordsIn(text(value)).forEach((w) => carried.add(w));
    }
  }
  const named = new Set<string>();
  for (const [, selector] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{};]+)\{/g)) {
    if (selector!.trim().startsWith('@')) continue;
    for (const [, name] of scopedPart(selector!).matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) named.add(name!);
  }
  return [...named].filter((name) => !carried.has(name));
}

describe("components' scoped styles", () => {
  it('name only classes their own elements carry', () => {
    const files = globSync('src/**/*.astro');
    const found = Object.fromEntries(
      files
        .map((file) => [file, unscopedClasses(readFileSync(file, 'utf8'))] as const)
        .filter(([, names]) => names.length),
    );
    expect(found).toEqual({});
  });

  it('sees a class that only a child component carries', () => {
    const component = (template: string, style: string) =>
      `---\nimport Choice from './Choice.astro';\nconst Title = 'h2';\n---\n${template}\n<style>${style}</style>\n`;
    const child = '<fieldset><Choice labelClass="option" label="Yes" /></fieldset>';
    expect(unscopedClasses(component(child, '.option { min-height: 44px; }'))).toEqual(['option']);
    expect(unscopedClasses(component(child, '@media (width > 40rem) { .option input { width: 1rem; } }'))).toEqual([
      'option',
    ]);
    expect(unscopedClasses(component(child, 'fieldset :global(.option) { min-height: 44px; }'))).toEqual([]);
    expect(unscopedClasses(component('<p class:list={["option", x]}>Yes</p>', '.option { color: red; }'))).toEqual([]);
    expect(unscopedClasses(component('<Title class="option">Yes</Title>', '.option { color: red; }'))).toEqual([]);
    expect(
      unscopedClasses(component(child, '.option { color: red; }').replace('<style>', '<style is:global>')),
    ).toEqual([]);
  });
});

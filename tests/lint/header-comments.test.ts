// Keeps every file's header comment (its first comment block, after a shebang, `// @ts-check` or an
// Astro frontmatter fence) to at most 6 lines: what the file is for and the one fact a reader would
// otherwise get wrong. A detail that explains one function belongs in that function's doc comment.
// Every comment line keeps within Prettier's print width, which wraps code but never comments.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const FOLDERS = ['src', 'netlify', 'scripts', 'tools', 'tests'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|astro|css)$/;
const MAX_LINES = 6;
const PRINT_WIDTH = (JSON.parse(readFileSync(join(ROOT, '.prettierrc.json'), 'utf8')) as { printWidth: number })
  .printWidth;
/** A line that is only comment: `//`, a block's opening or one of its ` * ` lines. */
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/;

/** The number of lines of `source`'s header comment (0 when it has none). */
function headerLines(source: string, astro = false): number {
  const lines = source.split('\n').map((line) => line.trim());
  let at = 0;
  if (lines[at]?.startsWith('#!')) at++;
  if (astro && lines[at] === '---') at++;
  while (at < lines.length && (lines[at] === '' || /^\/\/\s*@ts-check/.test(lines[at]!))) at++;
  const first = lines[at] ?? '';
  if (first.startsWith('//')) {
    let end = at;
    while (lines[end]?.startsWith('//')) end++;
    return end - at;
  }
  if (first.startsWith('/*')) {
    const end = lines.findIndex((line, index) => index >= at && line.includes('*/'));
    return (end === -1 ? lines.length - 1 : end) - at + 1;
  }
  return 0;
}

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

describe('header comments', () => {
  it('counts a header of line comments, of a block comment, after a fence or @ts-check', () => {
    expect(headerLines('// one\n// two\n\n// not the header\ncode();\n')).toBe(2);
    expect(headerLines('/**\n * one\n * two\n */\nexport const x = 1;\n')).toBe(4);
    expect(headerLines('/* one line */\n')).toBe(1);
    expect(headerLines('#!/usr/bin/env node\n// @ts-check\n\n// one\nrun();\n')).toBe(1);
    expect(headerLines('---\n// one\n// two\n// three\nimport X from "x";\n---\n<X />\n', true)).toBe(3);
    expect(headerLines('import { x } from "x";\n// a comment further down\n')).toBe(0);
  });

  it(`is at most ${MAX_LINES} lines in every file of ${FOLDERS.join(', ')}`, () => {
    const over = FOLDERS.flatMap((folder) => [...sourceFiles(join(ROOT, folder))])
      .map((file) => ({ file, lines: headerLines(readFileSync(file, 'utf8'), file.endsWith('.astro')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${relative(ROOT, file)}: ${lines} lines`);
    expect(over, 'Shorten these headers: move what explains one function to its doc comment').toEqual([]);
  });
});

describe('comment lines', () => {
  it(`are at most the print width (${PRINT_WIDTH} characters) in every file of ${FOLDERS.join(', ')}`, () => {
    const over = FOLDERS.flatMap((folder) => [...sourceFiles(join(ROOT, folder))]).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          line.length > PRINT_WIDTH && COMMENT_LINE.test(line) ? [`${relative(ROOT, file)}:${index + 1}`] : [],
        ),
    );
    expect(over, 'Wrap these comment lines').toEqual([]);
  });
});

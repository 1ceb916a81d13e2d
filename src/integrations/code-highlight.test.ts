import { describe, expect, it } from 'vitest';
import { styleClasses } from './code-highlight.ts';

describe("Shiki's styles as classes", () => {
  it('name each colour by its token kind, leave the foreground to the page, and keep italics', () => {
    expect(styleClasses('color:var(--astro-code-token-keyword)')).toEqual(['code-keyword']);
    expect(styleClasses('color: var(--astro-code-token-string-expression); font-style: italic')).toEqual([
      'code-string-expression',
      'code-italic',
    ]);
    expect(styleClasses('color:var(--astro-code-foreground)')).toEqual([]);
    expect(styleClasses('background:url(x)')).toEqual([]);
  });
});

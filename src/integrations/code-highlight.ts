// Code blocks in Markdown (posts, project write-ups), highlighted by Shiki at build with no script
// in the browser. Shiki writes colours as `style` attributes, which the site's policy refuses; its
// css-variables theme names each colour by token kind, so this turns every style into a class
// (`color: var(--astro-code-token-keyword)` → `code-keyword`), coloured per theme in code.css.
import type { ShikiConfig } from '@astrojs/internal-helpers/markdown';
import type { Element } from 'hast';

/** The classes a style becomes; a declaration not named here is dropped. */
export function styleClasses(style: string): string[] {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .flatMap((declaration) => {
      const colour = /^color:\s*var\(--astro-code-(?:token-)?([a-z-]+)\)$/i.exec(declaration);
      if (colour) return colour[1] === 'foreground' ? [] : [`code-${colour[1]}`];
      return /^font-style:\s*italic$/i.test(declaration) ? ['code-italic'] : [];
    });
}

function classesInsteadOfStyle(node: Element): void {
  const style = node.properties.style;
  delete node.properties.style;
  if (typeof style !== 'string') return;
  const classes = styleClasses(style);
  if (classes.length > 0) node.properties.className = classes;
}

export const codeHighlight: ShikiConfig = {
  theme: 'css-variables',
  transformers: [
    {
      pre: (node) => {
        delete node.properties.style;
      },
      span: classesInsteadOfStyle,
    },
  ],
};

// Syntax highlighting for fenced code: highlight.js grammars (through lowlight, which answers a
// tree of elements, never HTML) for the languages a web developer's questions are mostly in. A
// block in any other language, or none, stays plain.
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { Element, ElementContent } from 'hast';
import { createLowlight } from 'lowlight';

const lowlight = createLowlight({ bash, css, diff, java, javascript, json, python, sql, typescript, xml, yaml });

/** The language a fenced block names (```js gives the class "language-js"), if any. */
export function languageOf(code: Element): string | undefined {
  const classes = code.properties.className;
  const named = Array.isArray(classes) ? classes.find((name) => String(name).startsWith('language-')) : undefined;
  return named === undefined ? undefined : String(named).slice('language-'.length);
}

/** The text of an element and everything in it. */
export function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

/** Replaces the text of a `code` element with highlighted spans when its language is known. */
export function highlightCode(code: Element): void {
  const language = languageOf(code);
  if (language === undefined || !lowlight.registered(language)) return;
  code.children = lowlight.highlight(language, code.children.map(textOf).join('')).children as ElementContent[];
  code.properties.className = [...(code.properties.className as string[]), 'hljs'];
}

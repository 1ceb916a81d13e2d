// Text from outside (a model's answer, a member's message) as sanitized markdown, rendered as React
// elements, never through innerHTML: GFM, highlighted code with a Copy button, line breaks kept as
// written (a poem's lines stay lines). Raw HTML shows as text (no rehype-raw); an image shows its
// description and is never loaded (its address is someone else's choice). Loaded lazily, with the
// highlighter, only when a page first has something to render.
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { Parent as MdastParent, PhrasingContent, Root as MdastRoot, RootContent as RootContent_ } from 'mdast';
import type { ComponentProps, ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import { isProjectCardPath } from '../../lib/project-cards.ts';
import { showToast } from '../toast.ts';
import { highlightCode, languageOf, textOf } from './highlight.ts';
import { copyText } from '../../platform/clipboard.ts';
// Its styles (markdown.css) are imported by the chatbot and forum pages, which inline them: an island brings no CSS.

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** A link's address when it is an absolute http, https or mailto one or a project card's, else undefined (no link). */
export function safeUrl(url: string): string | undefined {
  if (isProjectCardPath(url)) return url;
  try {
    const parsed = new URL(url);
    return LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined; // relative, or no address at all
  }
}

/** Calls `visit` on every element under `node`, parents before their children. */
function eachElement(node: Root | Element, visit: (element: Element, parent: Root | Element) => void): void {
  for (const child of node.children as RootContent[]) {
    if (child.type !== 'element') continue;
    visit(child, node);
    eachElement(child, visit);
  }
}

/** The rehype step: headings renumbered from `first`, fenced code highlighted. */
function rehypeOutlineAndCode({ first }: { first: number }) {
  return (tree: Root) => {
    const headings: Element[] = [];
    eachElement(tree, (element, parent) => {
      if (/^h[1-6]$/.test(element.tagName)) headings.push(element);
      if (element.tagName === 'code' && parent.type === 'element' && parent.tagName === 'pre') highlightCode(element);
    });
    const levels = [...new Set(headings.map((heading) => Number(heading.tagName[1])))].sort();
    for (const heading of headings) {
      heading.tagName = `h${Math.min(6, first + levels.indexOf(Number(heading.tagName[1])))}`;
    }
  };
}

/** Parts of a text, some marked: what a page's `highlight` finder answers. */
export type HighlightPart = { text: string; marked?: boolean };

/** What a page marks in the text: the finder, the mark's class and what a screen reader hears after a marked part. */
export interface Highlight {
  parts(text: string): HighlightPart[];
  className: string;
  said: string;
}

/** The hast of a marked part: its text, and what a screen reader hears after it. */
function markedPart(text: string, said: string): ElementContent[] {
  return [
    { type: 'text', value: text },
    {
      type: 'element',
      tagName: 'span',
      properties: { className: ['visually-hidden'] },
      children: [{ type: 'text', value: said }],
    },
  ];
}

/**
 * The remark step: each part of the text the finder marks (never in code, whose nodes carry a
 * value, not text children) becomes a node that renders as <mark>.
 */
function remarkHighlight({ highlight }: { highlight: Highlight | undefined }) {
  const visit = (node: MdastParent, { parts, className, said }: Highlight) => {
    const children: RootContent_[] = [];
    for (const child of node.children as RootContent_[]) {
      if ('children' in child) visit(child, { parts, className, said });
      const found = child.type === 'text' ? parts(child.value) : [];
      if (!found.some((part) => part.marked)) {
        children.push(child);
        continue;
      }
      for (const part of found) {
        const hast = { hName: 'mark', hProperties: { className: [className] }, hChildren: markedPart(part.text, said) };
        children.push({ type: 'text', value: part.text, ...(part.marked ? { data: hast } : {}) } as PhrasingContent);
      }
    }
    node.children = children as typeof node.children;
  };
  return (tree: MdastRoot) => {
    if (highlight) visit(tree, highlight);
  };
}

async function copy(text: string): Promise<void> {
  if (await copyText(text)) {
    showToast({ title: 'Copied', text: 'The code is on your clipboard.', variant: 'success', duration: 3000 });
  } else {
    showToast({ title: 'Not copied', text: 'Select the code and copy it instead.', variant: 'failure' });
  }
}

/** A fenced code block: its language, a Copy button, and the code, scrollable by keyboard too. */
function CodeBlock({ node, children }: ComponentProps<'pre'> & { node?: Element }) {
  const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const language = code && languageOf(code);
  const text = code ? textOf(code).replace(/\n$/, '') : '';
  return (
    <div className="code-block">
      <div className="code-head">
        <span>{language ?? 'code'}</span>
        <button type="button" className="code-copy" aria-label="Copy code" onClick={() => void copy(text)}>
          Copy
        </button>
      </div>
      <pre tabIndex={0}>{children}</pre>
    </div>
  );
}

/**
 * An http, https or mailto link (safeUrl drops any other) opens in a new tab, marked nofollow; a
 * project card of the home page (`/#project-<id>`, src/lib/project-cards.ts) is a same-site link.
 */
function Link({ href, children }: ComponentProps<'a'>) {
  if (!href) return <>{children}</>;
  if (isProjectCardPath(href)) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function Table({ children }: ComponentProps<'table'>) {
  return (
    <div className="table-scroll" tabIndex={0}>
      <table>{children}</table>
    </div>
  );
}

const components: Components = {
  a: Link,
  pre: CodeBlock,
  table: Table,
  img: ({ alt }) => (alt ? <span className="image-alt">{alt}</span> : null),
};

interface MarkdownProps {
  children: string;
  /** The level the text's shallowest heading takes in the page's outline; deeper ones follow without gaps. */
  headingLevel?: number;
  /**
   * What the page marks in the text, outside code (none when left out): the forum marks mentions of
   * the reader (src/lib/mentions.ts). The page passes the finder, so its code travels with the page.
   */
  highlight?: Highlight;
}

/** Renders `children` (markdown) as sanitized elements. */
export default function Markdown({ children, headingLevel = 2, highlight }: MarkdownProps): ReactNode {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkBreaks, [remarkHighlight, { highlight }]]}
        rehypePlugins={[[rehypeOutlineAndCode, { first: headingLevel }]]}
        urlTransform={safeUrl}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}

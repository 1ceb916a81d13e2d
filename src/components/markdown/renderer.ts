// The markdown renderer (Markdown.tsx and its highlighter, about 70 KB gzip) loads when a page
// first needs it. Once it is there, a text renders with it at once: React's lazy would show the text
// as typed for a frame first, and the change of height would move whatever is below it.
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { type ComponentProps, type ReactNode, createElement, useEffect } from 'react';
import type Markdown from './Markdown.tsx';

/** The renderer once loaded; null when it could not load (texts then stay as typed); undefined before. */
export const $markdown = atom<typeof Markdown | null | undefined>(undefined);

let loading: Promise<void> | undefined;

/** Starts loading the renderer, once; settles when it is there or could not load. */
export function loadMarkdown(): Promise<void> {
  return (loading ??= import('./Markdown.tsx').then(
    (module) => $markdown.set(module.default),
    (error: unknown) => {
      console.error('The markdown renderer did not load.', error);
      $markdown.set(null);
    },
  ));
}

/** `children` as markdown once the renderer is there (this starts loading it), `fallback` until then. */
export function MarkdownText({
  fallback,
  ...props
}: ComponentProps<typeof Markdown> & { fallback: ReactNode }): ReactNode {
  const renderer = useStore($markdown);
  useEffect(() => void loadMarkdown(), []);
  // The renderer is one module's export, the same at every render: no component is made here.
  return renderer ? createElement(renderer, props) : fallback;
}

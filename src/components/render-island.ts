// The React half of mount.ts, in its own module so that React (and the bundler's CommonJS interop
// it needs) loads only with an island, never with the pages that merely could mount one.
import { type ComponentType, createElement } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders `Island` with `props` into `container`. */
export function renderIsland<P extends object>(container: Element, Island: ComponentType<P>, props: P): void {
  createRoot(container).render(createElement(Island, props));
}

// The one way a page brings a feature to life: find its element, guard the page when it needs a
// session, then hand the element to a DOM controller or render a React island into it. Islands
// import React and their component only here, after the guard, so a page ships no React until it
// renders one (docs/architecture.md, Budgets: reading pages load at most 25 KB of JavaScript).
// React arrives in one file with the code the islands share, the island in another
// (scripts/island-chunks.mjs).
import type { ComponentType } from 'react';
import type { Permission } from '../lib/policy.ts';
import { guardRoute } from '../platform/session.ts';

/** Who may stay on a guarded page: any session, or a user the permission allows; anyone else goes to /unauthorized. */
export type Guard = 'session' | Permission;

interface MountOptions {
  guard?: Guard;
}

/**
 * Finds `target` (a selector or the element) and, unless the guard sends the visitor away, hands it to `controller`.
 */
export function mountController<E extends HTMLElement, R>(
  target: string | E,
  controller: (element: E) => R,
  { guard }: MountOptions = {},
): R | undefined {
  const element = typeof target === 'string' ? document.querySelector<E>(target) : target;
  if (!element || (guard !== undefined && !guardRoute(guard === 'session' ? undefined : guard))) return undefined;
  return controller(element);
}

/** What an island needs from its page besides the guard: its props, read from its container. */
interface IslandOptions<P> extends MountOptions {
  props?: (container: HTMLElement) => P;
}
/** The options may be left out only when the component needs no props. */
type IslandArgs<P> =
  Partial<P> extends P
    ? [options?: IslandOptions<P>]
    : [options: IslandOptions<P> & Required<Pick<IslandOptions<P>, 'props'>>];

/**
 * Renders the React component that `load` imports into `target`, once the guard (if any) lets the
 * visitor stay; settles once React has committed its first render.
 */
export async function mountIsland<P extends object>(
  target: string | HTMLElement,
  load: () => Promise<{ default: ComponentType<P> }>,
  ...[options]: IslandArgs<P>
): Promise<void> {
  const { props, ...mountOptions } = options ?? {};
  await mountController(
    target,
    async (container) => {
      const [{ createElement, startTransition, useEffect }, { createRoot }, { default: Island }] = await Promise.all([
        import('react'),
        import('react-dom/client'),
        load(),
      ]);
      const island = createElement(Island, props?.(container) ?? ({} as P));
      const root = createRoot(container);
      // As a transition, React renders the island in slices of a few milliseconds, giving the
      // page's main thread back between them, rather than in one long task; an effect runs once
      // that render is committed.
      await new Promise<void>((rendered) => {
        function Rendered() {
          useEffect(() => rendered(), []);
          return island;
        }
        startTransition(() => root.render(createElement(Rendered)));
      });
    },
    mountOptions,
  );
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canAdminister, canUseForum } from '../lib/policy.ts';

const react = vi.hoisted(() => {
  /** Whether React is inside a transition now: what the island's render is called in is recorded. */
  const state = { inTransition: false, renderedInTransition: [] as boolean[] };
  // Commits as React does: the component renders, then its effects run.
  const render = vi.fn((element: { type: () => unknown }) => {
    state.renderedInTransition.push(state.inTransition);
    return element.type();
  });
  const startTransition = (action: () => void) => {
    state.inTransition = true;
    action();
    state.inTransition = false;
  };
  return {
    state,
    render,
    startTransition,
    createRoot: vi.fn(() => ({ render })),
    createElement: vi.fn((type, props) => ({ type, props })),
    useEffect: vi.fn((effect: () => void) => effect()),
  };
});
vi.mock('react', () => ({
  createElement: react.createElement,
  startTransition: react.startTransition,
  useEffect: react.useEffect,
}));
vi.mock('react-dom/client', () => ({ createRoot: react.createRoot }));

const token = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('mounting a feature on its page', () => {
  const element = { dataset: { pollId: 'ragnarok' } } as unknown as HTMLElement;
  let replace: ReturnType<typeof vi.fn>;
  let mount: typeof import('./mount.ts');
  let setToken: (typeof import('../platform/session.ts'))['setToken'];

  beforeEach(async () => {
    vi.resetModules();
    replace = vi.fn();
    vi.stubGlobal('window', { location: { replace }, addEventListener: () => undefined });
    vi.stubGlobal('document', { querySelector: (selector: string) => (selector === '[data-here]' ? element : null) });
    mount = await import('./mount.ts');
    ({ setToken } = await import('../platform/session.ts'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands the element to its controller, and does nothing when the page lacks it', () => {
    const controller = vi.fn();
    mount.mountController('[data-here]', controller);
    expect(controller).toHaveBeenCalledWith(element);
    controller.mockClear();
    mount.mountController('[data-elsewhere]', controller, { guard: 'session' });
    expect(controller).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
  });

  it('sends a visitor the guard refuses to /unauthorized without mounting anything', () => {
    const controller = vi.fn();
    mount.mountController('[data-here]', controller, { guard: 'session' });
    setToken(token({ username: 'ada', clearance: 2 }));
    mount.mountController('[data-here]', controller, { guard: canAdminister });
    expect(controller).not.toHaveBeenCalled();
    expect(replace).toHaveBeenCalledTimes(2);
    expect(replace).toHaveBeenCalledWith('/unauthorized');

    mount.mountController('[data-here]', controller, { guard: canUseForum });
    expect(controller).toHaveBeenCalledWith(element);
  });

  it('imports an island only once the guard lets the visitor stay, then renders it with its props', async () => {
    const Island = () => null;
    const load = vi.fn(async () => ({ default: Island }));
    await mount.mountIsland('[data-here]', load, { guard: 'session' });
    expect(load).not.toHaveBeenCalled();
    expect(react.createRoot).not.toHaveBeenCalled();

    setToken(token({ username: 'ada' }));
    await mount.mountIsland('[data-here]', load, {
      guard: 'session',
      props: (container) => ({ pollId: container.dataset.pollId ?? '' }),
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(react.createRoot).toHaveBeenCalledWith(element);
    expect(react.render.mock.results[0]!.value).toEqual({ type: Island, props: { pollId: 'ragnarok' } });
    // A transition: React renders it in slices, none a long task of the page's main thread.
    expect(react.state.renderedInTransition).toEqual([true]);
  });

  it('settles once React has committed the island, not when it is asked to render', async () => {
    let commit: (() => unknown) | undefined;
    react.render.mockImplementationOnce((element) => void (commit = element.type));
    let settled = false;
    void mount.mountIsland('[data-here]', async () => ({ default: () => null })).then(() => (settled = true));
    await vi.waitFor(() => expect(commit).toBeDefined());
    await new Promise((later) => setTimeout(later));
    expect(settled).toBe(false);
    commit!();
    await vi.waitFor(() => expect(settled).toBe(true));
  });
});

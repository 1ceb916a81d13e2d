// The one script every page runs (SiteLayout's), after the first paint: the session-ended notice,
// the modal dialogs, the `/` key that opens search, the nav's session area and its count of forum
// notifications (the features': the layout composes them, so the shared Nav stays free of features),
// the page's features, the replay of what the visitor did before it arrived, and link prefetching.
// Each step runs in a task of its own, so none waits behind the whole in one long task of a slow
// phone's main thread (docs/architecture.md, Budgets).
import { wireModalDialogs } from '../components/modal-dialog.ts';
import { mountSessionNotice } from '../components/session-notice.ts';
import { mountNavSession } from '../features/auth/components/nav-session.ts';
import { mountNotificationCount } from '../features/forum/components/notification-count.ts';
import { wireSearchShortcut } from '../features/search/components/shortcut.ts';
import { replayEarlyActions } from '../platform/early-input.ts';
import { prefetchLinks } from '../platform/prefetch.ts';
import { yieldToMain } from '../platform/yield-to-main.ts';
import { mountFeatures } from './mount-points.ts';

/** Settles once every feature the page holds has mounted, each island rendered (mountFeatures). */
let features: Promise<unknown> = Promise.resolve();

const STEPS = [
  mountSessionNotice,
  wireModalDialogs,
  // The controls whose taps the first script records are wired in the same step as the replay: a
  // tap between the two would be answered by its control and replayed as well.
  () => {
    mountNavSession();
    features = mountFeatures();
    replayEarlyActions();
  },
  prefetchLinks,
  wireSearchShortcut,
  mountNotificationCount,
];

async function wirePage(): Promise<void> {
  for (const step of STEPS) {
    await yieldToMain();
    step();
  }
  // Wired: the nav, dialogs and controllers answer now (the islands render as they arrive). The
  // page asks for this script after its first paint; the browser tests wait for this mark.
  document.documentElement.dataset.ready = '';
  // Loaded: all the page loads before any interaction is in, each island rendered (its data may be
  // on its way); the browser tests that count a page's scripts or judge what it shows wait for this.
  await features;
  document.documentElement.dataset.loaded = '';
}

void wirePage();

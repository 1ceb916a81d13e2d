// The one script every page runs (SiteLayout's): the nav's session area (Login button or user menu,
// which belongs to the auth feature: the layout composes it, so the shared Nav stays free of
// features), the session-ended notice, the modal dialogs, then the features the page holds. Then
// what the visitor did before it arrived (the page's first script recorded it) is done, and the
// pages the links lead to are fetched ahead as the visitor reaches for them.
import { wireModalDialogs } from '../components/modal-dialog.ts';
import { mountSessionNotice } from '../components/session-notice.ts';
import { mountNavSession } from '../features/auth/nav-session.ts';
import { replayEarlyActions } from '../platform/early-input.ts';
import { prefetchLinks } from '../platform/prefetch.ts';
import { mountFeatures } from './mount-points.ts';

mountNavSession();
mountSessionNotice();
wireModalDialogs();
const features = mountFeatures();
replayEarlyActions();
prefetchLinks();
// Wired: the nav, dialogs and controllers answer now (the islands render as they arrive). The
// page asks for this script after its first paint; the browser tests wait for this mark.
document.documentElement.dataset.ready = '';
// Loaded: all the page loads before any interaction is in, each island rendered (its data may be
// on its way); the browser tests that count a page's scripts or judge what it shows wait for this.
void features.then(() => (document.documentElement.dataset.loaded = ''));

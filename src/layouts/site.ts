// The one script every page runs (SiteLayout.astro's): the nav's session area (Login button or
// user menu, which belongs to the auth feature: the layout composes it, so the shared Nav stays
// free of features), the session-ended notice, the modal dialogs, then the features the page holds.
import { wireModalDialogs } from '../components/modal-dialog.ts';
import { mountSessionNotice } from '../components/session-notice.ts';
import { mountNavSession } from '../features/auth/nav-session.ts';
import { mountFeatures } from './mount-points.ts';

mountNavSession();
mountSessionNotice();
wireModalDialogs();
mountFeatures();
// Wired: the nav, dialogs and controllers answer now (the islands render as they arrive). The
// page asks for this script after its first paint; the browser tests wait for this mark.
document.documentElement.dataset.ready = '';

// The page's first script: inline, right after the nav (SiteLayout.astro), before anything is
// painted. The site script comes after the first paint (src/integrations/after-first-screen.ts);
// this makes the page answer until then, in three small parts, each a function of its own feature
// written out with its arguments: the visitor's taps, forms and keys are recorded for the site
// script to replay, dialogs open by their invoker commands where the browser lacks them, and the nav
// shows the session stored in this browser. The page's CSP allows it by its hash, as every inline
// script (src/integrations/content-security-policy.ts).
import { supportInvokerCommands } from '../components/invoker-commands.ts';
import { showNavSession, showStoredSession } from '../features/auth/stored-session.ts';
import { decodeUserDetails } from '../lib/session-token.ts';
import { CLEARANCE } from '../lib/user-details.ts';
import { recordEarlyInput } from '../platform/early-input.ts';
import { TOKEN_KEY } from '../platform/session.ts';

/** The code of the page's first script. */
export const FIRST_SCRIPT = [
  `(${recordEarlyInput})();`,
  `(${supportInvokerCommands})();`,
  `(${showStoredSession})(${JSON.stringify(TOKEN_KEY)},${decodeUserDetails},${showNavSession},${CLEARANCE.forum});`,
].join('\n');

// The page's first script: inline, right after the nav (SiteLayout.astro), before anything is
// painted, it makes the page answer until the site script arrives after the first paint
// (after-first-screen.ts). Each part is a function of its own feature written out with its
// arguments, so it uses nothing from outside its own body. The CSP allows it by its hash.
import { transformSync } from 'esbuild';
import { features } from '../content/site.config.ts';
import { supportInvokerCommands } from '../components/invoker-commands.ts';
import { showNavSession, showStoredSession } from '../features/auth/first-paint.ts';
import { markPollView, votedKey } from '../features/poll/first-paint.ts';
import { HOW_TO_PLAY_ID, WORD_GAME_STORAGE_KEY, openHowToPlayOnFirstVisit } from '../features/word-game/first-paint.ts';
import { decodeUserDetails } from '../lib/session-token.ts';
import { CLEARANCE } from '../lib/user-details.ts';
import { recordEarlyInput } from '../platform/early-input.ts';
import { TOKEN_KEY } from '../platform/session.ts';
import {
  THEME_COLORS,
  THEME_KEY,
  applyStoredTheme,
  themeAnnouncement,
  themeChoiceOf,
  themeFor,
  wireThemeControl,
} from '../platform/theme.ts';

/**
 * `code` as a page carries it: minified, the same program in about half the bytes. Every page
 * carries these scripts in its HTML, whose first bytes (a phone's first round trip) should hold
 * everything the first paint needs.
 */
const minified = (code: string) => transformSync(code, { minify: true, target: 'es2022' }).code.trim();

/** The code of a page's first script; the poll page's (`pollPage`) also marks what that page shows this browser. */
function firstScript(pollPage: boolean): string {
  return minified(
    [
      `(${recordEarlyInput})();`,
      `(${supportInvokerCommands})();`,
      // One decoder for the parts that read the stored token, in a block of its own.
      `{const decode=${decodeUserDetails};`,
      `(${showStoredSession})(${JSON.stringify(TOKEN_KEY)},decode,${showNavSession},${CLEARANCE.forum});`,
      pollPage
        ? `(${markPollView})(${JSON.stringify(TOKEN_KEY)},${JSON.stringify(votedKey(0))},decode,${CLEARANCE.console});}`
        : '}',
      `(${wireThemeControl})(${JSON.stringify(THEME_KEY)},${themeAnnouncement});`,
    ].join('\n'),
  );
}

/** Every page's first script but the poll page's. */
export const FIRST_SCRIPT = firstScript(false);
/**
 * The poll page's: only there does the first paint depend on the poll marks, so every other page
 * keeps its HTML's first bytes, and its first paint, free of that code.
 */
export const POLL_PAGE_FIRST_SCRIPT = features.poll ? firstScript(true) : FIRST_SCRIPT;

/**
 * The page's theme, in <head> before anything paints (SiteLayout.astro): the visitor's stored choice
 * on <html data-theme> and the theme-color (src/platform/theme.ts).
 */
export const THEME_SCRIPT = minified(
  `(${applyStoredTheme})(${JSON.stringify(THEME_KEY)},${themeChoiceOf},${themeFor},${JSON.stringify(THEME_COLORS)});`,
);

/**
 * The word game page's, right after its How to play dialog (word_game.astro): opens it on a first
 * visit before anything paints (src/features/word-game/first-paint.ts).
 */
export const HOW_TO_PLAY_SCRIPT = minified(
  `(${openHowToPlayOnFirstVisit})(${JSON.stringify(WORD_GAME_STORAGE_KEY)},${JSON.stringify(HOW_TO_PLAY_ID)});`,
);

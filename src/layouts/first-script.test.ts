// The page's first script as the browser gets it: its parts written out with their arguments. It
// must run on its own (nothing it names comes from a module), record what the visitor does, and show
// the stored session in the nav as the site script would.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { features } from '../content/site.config.ts';
import { votedKey } from '../features/poll/first-paint.ts';
import { HOW_TO_PLAY_ID, WORD_GAME_STORAGE_KEY } from '../features/word-game/first-paint.ts';
import { canRunPoll, canUseForum } from '../lib/policy.ts';
import { FIRST_SCRIPT, HOW_TO_PLAY_SCRIPT, POLL_PAGE_FIRST_SCRIPT } from './first-script.ts';

/** A token as the server signs it: only its payload is read here. */
const tokenFor = (claims: object) =>
  `h.${Buffer.from(JSON.stringify({ firstName: '', lastName: '', email: '', ...claims })).toString('base64url')}.s`;

/** Runs the first script in a page of fakes: the nav's session area, storage holding `token`. */
function runFirstScript(token: string | null, { invokerCommands = false, voted = false, pollPage = false } = {}) {
  const listeners: string[] = [];
  const part = () => ({ hidden: false, textContent: '' });
  const nav = { login: part(), menu: { ...part(), hidden: true }, name: part(), forum: { ...part(), hidden: true } };
  const parts: Record<string, object> = {
    '[data-login]': nav.login,
    '[data-user-menu]': nav.menu,
    '[data-username]': nav.name,
    '[data-forum-link]': nav.forum,
  };
  const page: Record<string, unknown> = {
    document: {
      addEventListener: (type: string) => listeners.push(type),
      querySelector: (selector: string) =>
        selector === '[data-session]' ? { querySelector: (s: string) => parts[s] } : null,
      documentElement: { dataset: {} as Record<string, string> },
    },
    localStorage: {
      getItem: (key: string) => (key === 'token' ? token : key === votedKey(0) && voted ? 'true' : null),
    },
    HTMLButtonElement: { prototype: invokerCommands ? { command: '' } : {} },
    atob,
    TextDecoder,
  };
  page.window = page;
  runInNewContext(pollPage ? POLL_PAGE_FIRST_SCRIPT : FIRST_SCRIPT, page);
  const marks = (page.document as { documentElement: { dataset: Record<string, string> } }).documentElement.dataset;
  return { listeners, nav, page, marks };
}

describe("the page's first script", () => {
  it('runs on its own and starts recording taps, forms and keys', () => {
    const { listeners, page } = runFirstScript(null, { invokerCommands: true });
    expect(listeners).toEqual(['click', 'submit', 'keydown']);
    expect(page.earlyInput).toEqual({ actions: [], keys: [], wired: false, keysTaken: false });
  });

  it('opens dialogs by their commands itself only where the browser cannot', () => {
    expect(runFirstScript(null, { invokerCommands: false }).listeners).toEqual(['click', 'submit', 'keydown', 'click']);
  });

  it('leaves Login in place for a visitor without a session, or with a token that cannot be read', () => {
    for (const token of [null, 'not-a-token', tokenFor({ username: '' })]) {
      const { nav } = runFirstScript(token);
      expect(nav.login.hidden).toBe(false);
      expect(nav.menu.hidden).toBe(true);
    }
  });

  it('shows a signed-in visitor’s menu, titled with the username, with the forum as canUseForum says', () => {
    for (const clearance of [undefined, 1, 2, 3]) {
      const { nav } = runFirstScript(tokenFor({ username: 'ada', ...(clearance === undefined ? {} : { clearance }) }));
      expect(nav.login.hidden).toBe(true);
      expect(nav.menu.hidden).toBe(false);
      expect(nav.name.textContent).toBe('ada');
      expect(nav.forum.hidden).toBe(!canUseForum({ clearance }));
    }
  });

  it.skipIf(!features.poll)(
    'marks <html> for the poll page: voted in this browser, and an owner as canRunPoll says',
    () => {
      const onPollPage = { pollPage: true };
      expect(runFirstScript(null, onPollPage).marks).toEqual({});
      expect(runFirstScript(null, { ...onPollPage, voted: true }).marks).toEqual({ pollVoted: '' });
      expect(runFirstScript('not-a-token', onPollPage).marks).toEqual({});
      for (const clearance of [undefined, 1, 2, 3]) {
        const { marks } = runFirstScript(
          tokenFor({ username: 'ada', ...(clearance === undefined ? {} : { clearance }) }),
          onPollPage,
        );
        expect(marks, String(clearance)).toEqual(canRunPoll({ clearance }) ? { pollOwner: '' } : {});
      }
    },
  );

  it('leaves the poll marks, and their code, to the poll page', () => {
    expect(runFirstScript(tokenFor({ username: 'ada', clearance: 3 }), { voted: true }).marks).toEqual({});
    expect(FIRST_SCRIPT).not.toContain(votedKey(0));
  });
});

/**
 * Runs the word game page's How to play script over a closed dialog, with `stored` as the
 * game's storage (`throws`: refused).
 */
function runHowToPlayScript(stored: string | null | 'throws'): boolean {
  class HTMLDialogElement {
    open = false;
    showModal() {
      this.open = true;
    }
  }
  const dialog = new HTMLDialogElement();
  const page = {
    HTMLDialogElement,
    document: { getElementById: (id: string) => (id === HOW_TO_PLAY_ID ? dialog : null) },
    localStorage: {
      getItem(key: string) {
        if (stored === 'throws') throw new Error('SecurityError');
        return key === WORD_GAME_STORAGE_KEY ? stored : null;
      },
    },
  };
  runInNewContext(HOW_TO_PLAY_SCRIPT, page);
  return dialog.open;
}

describe("the word game page's How to play script", () => {
  it('opens How to play on a first visit, and when the storage cannot say it was closed', () => {
    for (const stored of [null, '{}', JSON.stringify({ helpSeen: false }), 'not json', 'throws'] as const) {
      expect(runHowToPlayScript(stored), String(stored)).toBe(true);
    }
  });

  it('leaves it closed once it was closed', () => {
    expect(runHowToPlayScript(JSON.stringify({ mode: 'daily', helpSeen: true }))).toBe(false);
  });
});

// What a visitor does between the first paint and the site script, which on a slow phone can be
// seconds (after-first-screen.ts): a tap on Login, a form sent, letters typed into the word game.
// The page's first script records them; the site script replays the taps and forms once it has
// wired the page (site.ts), the word game plays the keys once mounted. Controls that work without
// a script are left to the browser: links, fields, the phone menu (a popover), the dialogs.

/** What the page's first script records until the site script takes it. */
export interface EarlyInput {
  /** Taps on the site script's buttons, and forms sent, in order. */
  actions: EarlyAction[];
  /** Key presses, in order, until a feature that plays keys takes them. */
  keys: KeyboardEvent[];
  /** Set when the site script has wired the page and taken the actions: recording them stops. */
  wired: boolean;
  /** Set when a feature has taken the keys: recording them stops. */
  keysTaken: boolean;
}

type EarlyAction = { button: HTMLButtonElement } | { form: HTMLFormElement; submitter: HTMLElement | null };

declare global {
  interface Window {
    earlyInput?: EarlyInput;
  }
}

/**
 * Starts recording the visitor's taps on scripted buttons, sent forms (kept from the browser,
 * which would send them to the page's own address) and key presses. Runs inline before the site
 * script, as `(${recordEarlyInput})()`: it must use nothing from outside its own body.
 */
export function recordEarlyInput(): void {
  // Enough for the word game's six guesses and a few mistakes; the rest of a stuck key is noise.
  const MAX_KEYS = 64;
  const early: EarlyInput = { actions: [], keys: [], wired: false, keysTaken: false };
  window.earlyInput = early;
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      // A submit or reset button works on its form natively (a sent form is recorded below); so do
      // popovers and dialog commands.
      if (early.wired || !button || button.disabled || (button.type !== 'button' && button.form)) return;
      if (button.hasAttribute('popovertarget') || button.hasAttribute('commandfor')) return;
      early.actions.push({ button });
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      if (early.wired || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      early.actions.push({ form: event.target, submitter: event.submitter });
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      // Keys in an open dialog (the word game's How to play, open from the first paint) are the dialog's.
      const inDialog = event.target instanceof Element && event.target.closest('dialog[open]');
      if (!early.keysTaken && !inDialog && early.keys.length < MAX_KEYS) early.keys.push(event);
    },
    true,
  );
}

/** Stops recording taps and forms and replays those made before now, in order, on the controls still there. */
export function replayEarlyActions(): void {
  const early = window.earlyInput;
  if (!early || early.wired) return;
  early.wired = true;
  for (const action of early.actions) {
    if ('button' in action) {
      if (action.button.isConnected && !action.button.disabled) action.button.click();
    } else if (action.form.isConnected) {
      const { form, submitter } = action;
      const sameButton = submitter instanceof HTMLButtonElement && submitter.isConnected && submitter.form === form;
      form.requestSubmit(sameButton ? submitter : null);
    }
  }
  early.actions = [];
}

/** Stops recording keys and answers those pressed before now, in order (each once: a second call answers none). */
export function takeEarlyKeys(): KeyboardEvent[] {
  const early = window.earlyInput;
  if (!early || early.keysTaken) return [];
  early.keysTaken = true;
  return early.keys.splice(0);
}

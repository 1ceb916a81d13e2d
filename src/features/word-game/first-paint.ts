// How to play on a first visit, from the first paint. Its dialog is in the page's HTML
// (HowToPlay.astro) and the page's script right after it opens it when this browser has not closed
// it before, so the rules show (and close, with Play or Escape) before the game's script has come:
// on a phone that can be a second or two, and the rules were the page's largest paint. The island
// takes over at mount: a close, before or after it came, is remembered (store.ts), and Help opens
// the same dialog.

/** Where the word game keeps what this browser played and chose (store.ts), How to play's close included. */
export const WORD_GAME_STORAGE_KEY = 'wordgame';
/** How to play's dialog. */
export const HOW_TO_PLAY_ID = 'how-to-play';

/**
 * Opens How to play unless the word game's storage says it was closed once (`helpSeen`). Runs
 * inline, as `(${openHowToPlayOnFirstVisit})(…)` with what it needs as arguments: it must use
 * nothing from outside its own body. Storage refused or unreadable opens it, as the game then
 * counts it unseen.
 */
export function openHowToPlayOnFirstVisit(storageKey: string, id: string): void {
  let seen = false;
  try {
    seen = (JSON.parse(localStorage.getItem(storageKey) ?? 'null') as { helpSeen?: unknown } | null)?.helpSeen === true;
  } catch {
    // Unseen, as the game's store reads it.
  }
  const dialog = document.getElementById(id);
  if (!seen && dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
}

/** How to play's dialog on the page, if the page has it. */
export const howToPlayDialog = (): HTMLDialogElement | null =>
  document.getElementById(HOW_TO_PLAY_ID) as HTMLDialogElement | null;

// The word game island (SPEC sections 2, 4, 5, 8, 9): Daily, Practice or a friend's challenge, the
// board (tiles flip in, a refused row shakes, a win bounces, a full row that is no word is marked at
// once), the keyboards, the checks' toasts, the result modal with the statistics and Share, the
// settings and the best score, from the word game's store; Help (How to play, in the page's HTML,
// first-paint.ts), Past Dailies, Challenge a friend and "What you know" (a live summary of the hints,
// behind a switch). The dialogs load when first opened.
import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Choice } from '../../../components/Field.tsx';
import { openModalDialog } from '../../../components/modal-dialog.ts';
import { showToast } from '../../../components/toast.ts';
import { takeEarlyKeys } from '../../../platform/early-input.ts';
import { $user } from '../../../platform/session.ts';
import { dayLabel } from '../daily.ts';
import { howToPlayDialog } from '../first-paint.ts';
import { summarise } from '../knowledge.ts';
import { INVALID_CHALLENGE, MAX_TURNS, MESSAGES, WORD_LENGTH, bestScoreText, describeTile } from '../logic.ts';
import {
  $announcement,
  $best,
  $mode,
  $notAWord,
  $play,
  $settings,
  NO_DICTIONARY,
  changeSettings,
  chooseMode,
  markHelpSeen,
  playChallenge,
  pressKey,
  startNewGame,
} from '../store.ts';
import Keyboard from './Keyboard.tsx';
// Its styles (word-game.css) are imported by its page, which inlines them: an island brings no CSS.

const ResultDialog = lazy(() => import('./ResultDialog.tsx'));
const SettingsDialog = lazy(() => import('./SettingsDialog.tsx'));
const ArchiveDialog = lazy(() => import('./ArchiveDialog.tsx'));
const ChallengeDialog = lazy(() => import('./ChallengeDialog.tsx'));

const GAME_TOAST_MS = 2000;
/** How long the last row takes to flip in (and a win to bounce) before the result shows. */
const REVEAL_MS = 1800;

function refuse(text: string): void {
  showToast({ title: 'Cannot make that move.', text, variant: 'failure', duration: GAME_TOAST_MS });
}

type Open = 'result' | 'statistics' | 'settings' | 'archive' | 'challenge' | undefined;

/** Plays the challenge the address holds (#challenge=…), if any; its hash then leaves the address. */
async function followChallenge(): Promise<void> {
  const { hash } = location;
  if (!new URLSearchParams(hash.slice(1)).has('challenge')) return;
  history.replaceState(history.state, '', location.pathname + location.search);
  const refusal = await playChallenge(hash).then(
    (played) => (played ? '' : INVALID_CHALLENGE),
    () => NO_DICTIONARY,
  );
  if (refusal) showToast({ title: 'Not a challenge', text: refusal, variant: 'failure' });
}

export default function WordGame() {
  const user = useStore($user);
  const mode = useStore($mode);
  const { id, day, game, from } = useStore($play);
  const best = useStore($best);
  const { highContrast, showKnowledge } = useStore($settings);
  const announcement = useStore($announcement);
  const notAWord = useStore($notAWord);
  const loggedIn = user.username !== '';
  // A finished Practice game found on arrival shows its result (closing it starts the next game).
  const [open, setOpen] = useState<Open>(() =>
    mode === 'practice' && game.status !== 'playing' ? 'result' : undefined,
  );
  /** The row that moves: the last one played flips in, a refused one shakes (anew at each refusal). */
  const [motion, setMotion] = useState<{ row: string; kind: 'reveal' | 'shake'; count: number }>();
  const playing = useRef(game.status === 'playing');
  /** Dismisses the notice that the full row is not a word. */
  const dismissNotAWord = useRef<() => void>(undefined);

  /** Plays a key; a refused guess shows its reason in a toast and shakes the row. */
  function press(key: string): void {
    const row = `${id}-${game.turn}`;
    void pressKey(key).then((refusal) => {
      if (refusal) {
        dismissNotAWord.current?.(); // Enter's refusal says it again: one notice at a time
        refuse(refusal);
        setMotion((last) => ({ row, kind: 'shake', count: (last?.count ?? 0) + 1 }));
      } else if (key === 'Enter') setMotion({ row, kind: 'reveal', count: 0 });
    });
  }

  /** Plays a key of the physical keyboard, unless it belongs to what has the focus. */
  function onKey(event: KeyboardEvent) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement | null;
    // A focused button (an on-screen key, a nav link) handles its own Enter and Space.
    if ((event.key === 'Enter' || event.key === ' ') && target?.closest('button, a')) return;
    // A switch on the page ("What you know") lets the letters through; a field keeps them.
    const toggle = target instanceof HTMLInputElement && target.type === 'checkbox' && !target.closest('dialog');
    if (!toggle && target?.closest('input, textarea, select, dialog[open]')) return;
    if (event.key === 'Enter' || event.key === 'Backspace' || /^[a-z]$/i.test(event.key)) {
      event.preventDefault();
      // Typing plays the game: the button last clicked (a key, Settings) lets go of the focus, so
      // the Enter that follows plays the guess instead of pressing that button again.
      if (event.key !== 'Enter' && (toggle || target?.closest('button'))) target?.blur();
      press(event.key);
    }
  }

  // The physical keyboard; removed once the game is won or lost (SPEC section 4). The keys typed
  // before the game was on the page (the page's first script kept them) are taken at the first
  // render, and played then if the game takes keys, as they would have been.
  useEffect(() => {
    const early = takeEarlyKeys();
    if (game.status !== 'playing') return;
    for (const event of early) onKey(event);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  // A row whose fifth letter makes no word says so at once, before Enter, until a letter is taken back.
  useEffect(() => {
    if (!notAWord) return;
    dismissNotAWord.current = showToast({
      title: 'Not a word',
      text: MESSAGES.dictionary,
      variant: 'failure',
      duration: GAME_TOAST_MS,
    });
    return dismissNotAWord.current;
  }, [notAWord]);

  // A game that ends now shows its result once the last row has flipped in.
  useEffect(() => {
    const ended = playing.current && game.status !== 'playing';
    playing.current = game.status === 'playing';
    if (!ended) return;
    const wait = matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : REVEAL_MS;
    const timer = setTimeout(() => setOpen('result'), wait);
    return () => clearTimeout(timer);
  }, [game.status, id]);

  // A challenge's link, at arrival or followed while here.
  useEffect(() => {
    const follow = () => void followChallenge();
    follow();
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);

  // How to play, opened on a first visit before the game came: closed once, it does not open by
  // itself again, whether it was closed before the game came or after.
  useEffect(() => {
    const help = howToPlayDialog();
    if (!help) return;
    if (!help.open) markHelpSeen();
    help.addEventListener('close', markHelpSeen);
    return () => help.removeEventListener('close', markHelpSeen);
  }, []);

  // Its example tiles take the game's colours.
  useEffect(() => {
    howToPlayDialog()?.classList.toggle('high-contrast', highContrast);
  }, [highContrast]);

  function closeResult() {
    setOpen(undefined);
    if (open === 'result' && mode === 'practice') startNewGame();
  }

  return (
    <div className={`word-game${highContrast ? ' high-contrast' : ''}`}>
      <div className="game-bar">
        <div className="modes" role="group" aria-label="Mode">
          {(['daily', 'practice'] as const).map((each) => (
            <button
              key={each}
              type="button"
              className="mode"
              aria-pressed={mode === each}
              onClick={() => chooseMode(each)}
            >
              {each === 'daily' ? 'Daily' : 'Practice'}
            </button>
          ))}
        </div>
        <button type="button" className="button game-action" onClick={() => setOpen('archive')}>
          Past Dailies
        </button>
        <button type="button" className="button game-action" onClick={() => setOpen('challenge')}>
          Challenge a friend
        </button>
        <button type="button" className="button game-action" onClick={() => setOpen('statistics')}>
          Statistics
        </button>
        <button type="button" className="button game-action" onClick={() => setOpen('settings')}>
          Settings
        </button>
        <button
          type="button"
          className="button game-action"
          onClick={(event) => {
            const help = howToPlayDialog();
            if (help) openModalDialog(help, event.currentTarget);
          }}
        >
          Help
        </button>
      </div>
      <p className="game-title">
        {mode === 'challenge' ? `${from}'s challenge` : mode === 'practice' ? 'Practice' : `Daily · ${dayLabel(day)}`}
        {mode === 'archive' && ' (a past Daily)'}
      </p>
      <div className="board" role="group" aria-label="Board">
        {Array.from({ length: MAX_TURNS }, (_, rowIndex) => {
          const played = game.guesses[rowIndex];
          const typed = rowIndex === game.guesses.length ? game.current : '';
          const rowKey = `${id}-${rowIndex}`;
          const moves = motion?.row === rowKey ? motion : undefined;
          const won = game.status === 'won' && rowIndex === game.turn - 1;
          const unknown = notAWord && rowIndex === game.guesses.length;
          const moving = !moves
            ? ''
            : moves.kind === 'shake'
              ? ' row-shake'
              : won
                ? ' row-reveal row-win'
                : ' row-reveal';
          return (
            <div
              key={moves?.kind === 'shake' ? `${rowKey}-${moves.count}` : rowKey}
              className={`board-row${moving}${unknown ? ' row-not-a-word' : ''}`}
              role="group"
              aria-label={`Guess ${rowIndex + 1}${unknown ? ': not in the dictionary' : ''}`}
            >
              {Array.from({ length: WORD_LENGTH }, (_, column) => {
                const tile = played?.[column];
                const letter = tile?.key ?? typed[column] ?? '';
                return (
                  <div
                    key={column}
                    className={`tile${tile ? ` tile-${tile.color}` : letter ? ' tile-typed' : ''}`}
                    style={{ '--i': column } as React.CSSProperties}
                  >
                    <span aria-hidden="true">{letter}</span>
                    {letter && <span className="visually-hidden">{tile ? describeTile(tile) : letter}</span>}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div className="knowledge">
        <Choice
          labelClassName="knowledge-switch"
          label="What you know"
          type="checkbox"
          role="switch"
          className="switch"
          checked={showKnowledge}
          onChange={(event) => changeSettings({ showKnowledge: event.target.checked })}
        />
        {showKnowledge && (
          <p className="knowledge-summary" aria-live="polite">
            {summarise(game.guesses)}
          </p>
        )}
      </div>
      <p className="best-score">{bestScoreText(best, loggedIn)}</p>
      {mode === 'daily' && game.status !== 'playing' && (
        <p className="daily-done">
          You have played today&apos;s word.{' '}
          <button type="button" className="link-button" onClick={() => setOpen('statistics')}>
            See your statistics and the next word&apos;s countdown
          </button>
        </p>
      )}
      <Keyboard usedKeys={game.usedKeys} onKey={press} />
      <Suspense>
        {(open === 'result' || open === 'statistics') && (
          <ResultDialog withResult={open === 'result'} onClose={closeResult} />
        )}
        {open === 'settings' && <SettingsDialog onClose={() => setOpen(undefined)} />}
        {open === 'archive' && <ArchiveDialog onClose={() => setOpen(undefined)} />}
        {open === 'challenge' && <ChallengeDialog onClose={() => setOpen(undefined)} />}
      </Suspense>
    </div>
  );
}

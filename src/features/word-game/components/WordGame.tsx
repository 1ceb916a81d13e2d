// The word game island (SPEC sections 2, 4, 5, 8, 9): the board, the on-screen keyboard, the
// physical keyboard, the checks' toasts, the result modal and the best score, rendered from the
// word game's store.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { showToast } from '../../../components/toast.ts';
import { $user } from '../../../platform/session.ts';
import { MAX_TURNS, WORD_LENGTH, bestScoreText, describeTile } from '../logic.ts';
import { $announcement, $best, $game, pressKey, startNewGame } from '../store.ts';
import Keyboard from './Keyboard.tsx';
import ResultDialog from './ResultDialog.tsx';
import './word-game.css';

const GAME_TOAST_MS = 2000;

function refuse(text: string): void {
  showToast({ title: 'Cannot make that move.', text, variant: 'failure', duration: GAME_TOAST_MS });
}

/** Plays a key; a refused guess shows its reason in a toast. */
function press(key: string): void {
  void pressKey(key).then((refusal) => {
    if (refusal) refuse(refusal);
  });
}

export default function WordGame() {
  const user = useStore($user);
  const game = useStore($game);
  const best = useStore($best);
  const announcement = useStore($announcement);
  const loggedIn = user.username !== '';

  // The physical keyboard; removed once the game is won or lost (SPEC section 4).
  useEffect(() => {
    if (game.status !== 'playing') return;
    function onKey(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      // A focused button (an on-screen key, a nav link) handles its own Enter and Space.
      if ((event.key === 'Enter' || event.key === ' ') && target?.closest('button, a')) return;
      if (target?.closest('input, textarea, select, dialog')) return;
      if (event.key === 'Enter' || event.key === 'Backspace' || /^[a-z]$/i.test(event.key)) {
        event.preventDefault();
        press(event.key);
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [game.status]);

  return (
    <div className="word-game">
      <div className="board" role="group" aria-label="Board">
        {Array.from({ length: MAX_TURNS }, (_, rowIndex) => {
          const played = game.guesses[rowIndex];
          const typed = rowIndex === game.guesses.length ? game.current : '';
          return (
            <div key={rowIndex} className="board-row" role="group" aria-label={`Guess ${rowIndex + 1}`}>
              {Array.from({ length: WORD_LENGTH }, (_, column) => {
                const tile = played?.[column];
                const letter = tile?.key ?? typed[column] ?? '';
                return (
                  <div key={column} className={`tile${tile ? ` tile-${tile.color}` : letter ? ' tile-typed' : ''}`}>
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
      <p className="best-score">{bestScoreText(best, loggedIn)}</p>
      <Keyboard usedKeys={game.usedKeys} onKey={press} />
      {game.status !== 'playing' && <ResultDialog game={game} onClose={startNewGame} />}
    </div>
  );
}

// The word game island (SPEC sections 2, 4, 5, 8, 9): the board, the on-screen keyboard, the
// physical keyboard, the checks' toasts, the result modal and the best score.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../../components/toast.ts';
import { $user } from '../../auth/store.ts';
import { recordWordGameScore } from '../api-client.ts';
import { loadDictionary } from '../dictionary.ts';
import {
  type Game,
  MAX_TURNS,
  WORD_LENGTH,
  beatsBest,
  bestScoreText,
  deleteLetter,
  describeTile,
  newGame,
  submitGuess,
  typeLetter,
} from '../logic.ts';
import { pickSecret } from '../secret-words.ts';
import { NEVER_WON } from '../../dashboard/schema.ts';
import Keyboard from './Keyboard.tsx';
import ResultDialog from './ResultDialog.tsx';
import './word-game.css';

const GAME_TOAST_MS = 2000;

function refuse(text: string): void {
  showToast({ title: 'Cannot make that move.', text, variant: 'failure', duration: GAME_TOAST_MS });
}

export default function WordGame() {
  const user = useStore($user);
  const [game, setGame] = useState<Game>(() => newGame(pickSecret()));
  const [best, setBest] = useState<number>(NEVER_WON);
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef(game);
  latest.current = game;
  const loggedIn = user.username !== '';

  // The best score: sending 7 only reads it (SPEC section 7).
  useEffect(() => {
    if (!loggedIn) return;
    recordWordGameScore(user.username, NEVER_WON).then(setBest, (error: unknown) =>
      console.error('Failed to fetch high score data.', error),
    );
  }, [loggedIn, user.username]);

  // Fetch the dictionary as the game starts, so the first Enter does not wait for it.
  useEffect(() => {
    loadDictionary().catch((error: unknown) => console.error(error));
  }, []);

  async function submit(): Promise<void> {
    let dictionary: Set<string>;
    try {
      dictionary = await loadDictionary();
    } catch (error) {
      console.error(error);
      refuse('The word list could not be loaded. Please check your connection and try again.');
      return;
    }
    const { game: next, error } = submitGuess(latest.current, (word) => dictionary.has(word.toLowerCase()));
    if (error) return refuse(error);
    if (next === latest.current) return;
    setGame(next);
    const row = next.guesses.at(-1)!;
    setAnnouncement(`Guess ${next.turn} of ${MAX_TURNS}: ${row.map(describeTile).join('; ')}.`);
    if (next.status === 'won' && loggedIn && beatsBest(next.turn, best)) {
      recordWordGameScore(user.username, next.turn).then(setBest, (failure: unknown) =>
        console.error('Failed to fetch high score data.', failure),
      );
    }
  }

  function press(key: string): void {
    if (latest.current.status !== 'playing') return;
    if (key === 'Enter') void submit();
    else if (key === 'Backspace') setGame(deleteLetter(latest.current));
    else setGame(typeLetter(latest.current, key));
  }

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
  });

  function startOver(): void {
    setGame(newGame(pickSecret()));
    setAnnouncement('New game. Guess the five letter word.');
  }

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
      {game.status !== 'playing' && <ResultDialog game={game} onClose={startOver} />}
    </div>
  );
}

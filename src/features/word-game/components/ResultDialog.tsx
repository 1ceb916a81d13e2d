// The modal at the end of a game ('You Won!' or 'You lost', the spec's texts and the word), or
// opened from Statistics: the mode's statistics with the guess distribution (this game's row
// highlighted), Share (the phone's share sheet, else the clipboard) with the result in words
// beside it, and in Daily mode the wait for the next word. A past Daily shows how many past Dailies
// were won here instead, and a friend's challenge whose it was: both are counted apart from the
// statistics. Closing it (Close, Escape) gives focus back where it was.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import Dialog from '../../../components/Dialog.tsx';
import { dayNumber } from '../../../lib/utc-day.ts';
import { countdown } from '../daily.ts';
import { turns } from '../logic.ts';
import { type SharedGame, shareSummary, shareText } from '../share.ts';
import { shownStreak, winPercent, wins } from '../stats.ts';
import { $archive, $mode, $play, $settings, $stats, chooseMode } from '../store.ts';
import { copyText } from '../../../platform/clipboard.ts';

interface ResultDialogProps {
  /** Whether to show the finished game's result; Statistics opens it without. */
  withResult: boolean;
  onClose(): void;
}

/** Ticks every second: the wait for the next Daily word, then the way to it once it is there. */
function NextWord({ day, onPlay }: { day: number; onPlay(): void }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (dayNumber(now) > day) {
    return (
      <p className="next-word">
        Today&apos;s word is ready.{' '}
        <button type="button" className="link-button" onClick={onPlay}>
          Play it
        </button>
      </p>
    );
  }
  return (
    <p className="next-word">
      Next word in <span role="timer">{countdown(now)}</span>
    </p>
  );
}

/** Shares on a phone's share sheet, else copies; answers what to confirm. */
async function share(text: string): Promise<string> {
  if (navigator.share && matchMedia('(pointer: coarse)').matches) {
    try {
      await navigator.share({ text });
      return '';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return '';
    }
  }
  return (await copyText(text))
    ? 'Copied your result to the clipboard.'
    : 'Your browser did not let the result be copied.';
}

export default function ResultDialog({ withResult, onClose }: ResultDialogProps) {
  const playMode = useStore($mode);
  const archive = playMode === 'archive';
  const mode = playMode === 'practice' ? 'practice' : 'daily';
  const { day, hard, game, from } = useStore($play);
  const challenger = playMode === 'challenge' ? from : undefined;
  const stats = useStore($stats)[mode];
  const archiveResults = Object.values(useStore($archive));
  const { highContrast } = useStore($settings);
  const [confirmation, setConfirmation] = useState('');
  const finished = game.status !== 'playing';
  const won = game.status === 'won';
  const shared: SharedGame = {
    mode,
    day,
    won,
    rows: game.guesses.map((tiles) => tiles.map((tile) => tile.color)),
    hardMode: hard,
    highContrast,
    challenger,
  };
  const most = Math.max(1, ...stats.distribution, stats.played - wins(stats));
  const rows = [
    ...stats.distribution.map((count, index) => [String(index + 1), count] as const),
    ['X', stats.played - wins(stats)] as const,
  ];
  const thisRow = withResult && finished ? (won ? String(game.turn) : 'X') : undefined;
  const figures = [
    ['Played', stats.played],
    ['Win %', winPercent(stats)],
    ['Current Streak', shownStreak(stats, mode, dayNumber())],
    ['Max Streak', stats.maxStreak],
  ] as const;

  return (
    <Dialog
      id="result"
      className="result-dialog"
      title={withResult ? (won ? 'You Won!' : 'You lost') : 'Statistics'}
      onClose={onClose}
      actions={
        <>
          {finished && (
            <button
              type="button"
              className="button"
              aria-describedby="share-summary"
              onClick={() => void share(shareText(shared)).then(setConfirmation)}
            >
              Share
            </button>
          )}
          <button type="button" className="button button-primary" data-autofocus onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {withResult && (
        <>
          <p>
            {won
              ? `Congratulations, you were able to guess the word in ${turns(game.turn)}.`
              : 'Unfortunately you were not able to guess the word.'}
          </p>
          <p>The word was: {game.secret}</p>
        </>
      )}
      {challenger !== undefined ? (
        <p className="archive-count">
          {challenger}&apos;s challenge: a game of its own, counted apart from your statistics.
        </p>
      ) : archive ? (
        <p className="archive-count">
          Past Dailies are counted apart from your Daily streak: you have won{' '}
          {archiveResults.filter((result) => result.won).length} of the {archiveResults.length} played here.
        </p>
      ) : (
        <>
          <h3 className="stats-heading">{mode === 'daily' ? 'Daily statistics' : 'Practice statistics'}</h3>
          <dl className="stats">
            {figures.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="stats-heading" id="distribution-title">
            Guess distribution
          </h3>
          <ul className="distribution" aria-labelledby="distribution-title">
            {rows.map(([guesses, count]) => (
              <li key={guesses} className={guesses === thisRow ? 'this-game' : undefined}>
                <span className="distribution-label">
                  <span aria-hidden="true">{guesses}</span>
                  <span className="visually-hidden">
                    {guesses === 'X' ? 'Lost' : `In ${guesses}`}
                    {guesses === thisRow ? ' (this game)' : ''}:
                  </span>
                </span>
                <span className="distribution-bar" style={{ width: `${Math.max(8, (100 * count) / most)}%` }}>
                  {count}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {finished && (
        <p id="share-summary" className="visually-hidden">
          {shareSummary(shared)}
        </p>
      )}
      {playMode === 'daily' && finished && (
        <NextWord
          day={day}
          onPlay={() => {
            chooseMode('daily');
            onClose();
          }}
        />
      )}
      <p className="share-confirmation" role="status">
        {confirmation}
      </p>
    </Dialog>
  );
}

// The modal at the end of a game: 'You Won!' or 'You lost', the spec's texts and the word.
// Closing it (Close, Escape) starts a new game; focus goes back where it was.
import { useModalDialog } from '../../../components/use-modal-dialog.ts';
import { type Game, turns } from '../logic.ts';

interface ResultDialogProps {
  game: Game;
  onClose(): void;
}

export default function ResultDialog({ game, onClose }: ResultDialogProps) {
  const dialog = useModalDialog();
  const won = game.status === 'won';

  return (
    <dialog ref={dialog} className="modal result-dialog" aria-labelledby="result-title" onClose={onClose}>
      <h2 id="result-title">{won ? 'You Won!' : 'You lost'}</h2>
      <p>
        {won
          ? `Congratulations, you were able to guess the word in ${turns(game.turn)}.`
          : 'Unfortunately you were not able to guess the word.'}
      </p>
      <p>The word was: {game.secret}</p>
      <div className="result-actions">
        <button type="button" className="button button-primary" autoFocus onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}

// The modal at the end of a game: 'You Won!' or 'You lost', the spec's texts and the word.
// Closing it (Close, Escape) starts a new game; focus goes back where it was.
import Dialog from '../../../components/Dialog.tsx';
import { type Game, turns } from '../logic.ts';

interface ResultDialogProps {
  game: Game;
  onClose(): void;
}

export default function ResultDialog({ game, onClose }: ResultDialogProps) {
  const won = game.status === 'won';

  return (
    <Dialog
      id="result"
      title={won ? 'You Won!' : 'You lost'}
      onClose={onClose}
      actions={
        <button type="button" className="button button-primary" data-autofocus onClick={onClose}>
          Close
        </button>
      }
    >
      <p>
        {won
          ? `Congratulations, you were able to guess the word in ${turns(game.turn)}.`
          : 'Unfortunately you were not able to guess the word.'}
      </p>
      <p>The word was: {game.secret}</p>
    </Dialog>
  );
}

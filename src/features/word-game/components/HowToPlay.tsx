// How to play: the rules and example rows, each tile's meaning in words for screen readers. It opens
// by itself on a first visit (not once closed: store.ts remembers) and from Help. Small, so it is
// in the island's bundle: a lazy chunk would be one more script on the first visit's load.
import Dialog from '../../../components/Dialog.tsx';
import { type Colour, MAX_TURNS, WORD_LENGTH } from '../logic.ts';

const MEANING: Record<Colour, string> = {
  green: 'is in the word and in the right spot',
  yellow: 'is in the word but in the wrong spot',
  grey: 'is not in the word in any spot',
};

const EXAMPLES: { word: string; at: number; colour: Colour }[] = [
  { word: 'WEARY', at: 0, colour: 'green' },
  { word: 'PILLS', at: 1, colour: 'yellow' },
  { word: 'VAGUE', at: 3, colour: 'grey' },
];

export default function HowToPlay({ onClose }: { onClose(): void }) {
  return (
    <Dialog
      id="how-to-play"
      className="how-to-play"
      title="How to play"
      onClose={onClose}
      actions={
        <button type="button" className="button button-primary" data-autofocus onClick={onClose}>
          Play
        </button>
      }
    >
      <p>
        Guess the word in {MAX_TURNS} tries. Each guess is a {WORD_LENGTH}-letter word: type it and press Enter. The
        tiles then show how close it was.
      </p>
      {EXAMPLES.map(({ word, at, colour }) => {
        const letter = word[at]!;
        return (
          <div key={word} className="example">
            <div className="board-row example-row" aria-hidden="true">
              {[...word].map((each, index) => (
                <div key={index} className={`tile${index === at ? ` tile-${colour}` : ' tile-typed'}`}>
                  {each}
                </div>
              ))}
            </div>
            <p>
              <span className="visually-hidden">In {word}, </span>
              <strong>{letter}</strong> {MEANING[colour]}.
            </p>
          </div>
        );
      })}
      <p className="field-hint">
        A Daily word comes each day at 00:00 UTC, the same for everyone; Practice gives a new word whenever you like,
        and Past Dailies the words of earlier days.
      </p>
    </Dialog>
  );
}

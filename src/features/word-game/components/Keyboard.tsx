// The on-screen QWERTY keyboard: three rows, Enter and Backspace, each key's colour also in words.
import type { Colour } from '../logic.ts';

const ROWS = ['QWERTYUIOP', 'ASDFGHJKL', 'ZXCVBNM'];
const STATE: Record<Colour, string> = { green: 'correct', yellow: 'in the word', grey: 'not in the word' };

interface KeyboardProps {
  usedKeys: Record<string, Colour>;
  onKey(key: string): void;
}

export default function Keyboard({ usedKeys, onKey }: KeyboardProps) {
  return (
    <div className="keyboard" role="group" aria-label="Keyboard">
      {ROWS.map((row, index) => (
        <div key={row} className="keyboard-row">
          {index === 2 && (
            <button type="button" className="key key-wide" onClick={() => onKey('Enter')}>
              Enter
            </button>
          )}
          {[...row].map((letter) => {
            const colour = usedKeys[letter];
            return (
              <button
                key={letter}
                type="button"
                className={`key${colour ? ` key-${colour}` : ''}`}
                aria-label={colour ? `${letter}, ${STATE[colour]}` : letter}
                onClick={() => onKey(letter)}
              >
                {letter}
              </button>
            );
          })}
          {index === 2 && (
            <button type="button" className="key key-wide" aria-label="Backspace" onClick={() => onKey('Backspace')}>
              <span aria-hidden="true">⌫</span>
            </button>
          )}
        </div>
      ))}
    </div>
  );
}

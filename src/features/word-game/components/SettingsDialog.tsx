// The game's settings, each a switch with its help: hard mode (not switchable mid-game) and high
// contrast. Both are remembered (store.ts).
import { useStore } from '@nanostores/react';
import Dialog from '../../../components/Dialog.tsx';
import { Choice } from '../../../components/Field.tsx';
import { $hardModeLocked, $settings, type Settings, changeSettings } from '../store.ts';

const SWITCHES: { name: keyof Settings; label: string; help: string }[] = [
  {
    name: 'hardMode',
    label: 'Hard mode',
    help: 'Any revealed hints must be used in later guesses: a letter in the right place stays there, and a letter found is in every guess after.',
  },
  {
    name: 'highContrast',
    label: 'High contrast',
    help: 'Orange for a letter in the right place and blue for one elsewhere in the word, instead of green and yellow.',
  },
];

export default function SettingsDialog({ onClose }: { onClose(): void }) {
  const settings = useStore($settings);
  const locked = useStore($hardModeLocked);
  return (
    <Dialog
      id="settings"
      title="Settings"
      onClose={onClose}
      actions={
        <button type="button" className="button button-primary" onClick={onClose}>
          Close
        </button>
      }
    >
      {SWITCHES.map(({ name, label, help }) => {
        const disabled = name === 'hardMode' && locked;
        return (
          <div key={name} className="setting">
            <Choice
              labelClassName="setting-switch"
              label={label}
              id={`setting-${name}`}
              type="checkbox"
              role="switch"
              className="switch"
              checked={settings[name]}
              disabled={disabled}
              aria-describedby={`setting-${name}-help`}
              onChange={(event) => changeSettings({ [name]: event.target.checked })}
            />
            <p id={`setting-${name}-help`} className="field-hint">
              {help}
              {disabled && ' It can be changed before the first guess of a game.'}
            </p>
          </div>
        );
      })}
      <p className="field-hint">
        Tiles never rely on colour alone: a letter in the right place has a bar under it, a letter elsewhere in the word
        a dot in its corner.
      </p>
    </Dialog>
  );
}

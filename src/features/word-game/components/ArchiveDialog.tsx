// Past Dailies: a date from puzzle 1 to yesterday (UTC), then that day's word to play. Loaded when
// first opened. A past Daily is counted apart from the Daily's streak (store.ts, playArchive).
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useState } from 'react';
import Dialog, { FormActions } from '../../../components/Dialog.tsx';
import Field from '../../../components/Field.tsx';
import { dayLabel, dayToIso, isoToDay, puzzleNumber } from '../daily.ts';
import { $archive, archiveDays, playArchive } from '../store.ts';

export default function ArchiveDialog({ onClose }: { onClose(): void }) {
  const { first, last } = archiveDays();
  const results = useStore($archive);
  const [value, setValue] = useState(dayToIso(last));
  const [error, setError] = useState('');
  const day = isoToDay(value);
  const result = day === undefined ? undefined : results[day];

  function play(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (day === undefined || !playArchive(day)) {
      setError(`Choose a day from ${dayLabel(first)} to ${dayLabel(last)}.`);
      return;
    }
    onClose();
  }

  return (
    <Dialog
      id="archive"
      title="Past Dailies"
      onClose={onClose}
      onSubmit={play}
      actions={<FormActions onCancel={onClose} submit="Play this day" />}
    >
      <p>Play the Daily word of an earlier day. Past Dailies are counted apart from your Daily streak.</p>
      {last < first ? (
        <p>There is no earlier Daily yet: the first was today.</p>
      ) : (
        <Field
          id="archive-day"
          label="Day (UTC)"
          type="date"
          data-autofocus
          min={dayToIso(first)}
          max={dayToIso(last)}
          value={value}
          error={error}
          hint={
            day === undefined
              ? `From ${dayLabel(first)} to ${dayLabel(last)}.`
              : `Daily ${puzzleNumber(day)}, ${dayLabel(day)}${
                  result ? (result.won ? `: won in ${result.guesses}` : ': played, not won') : ''
                }.`
          }
          live
          onChange={(event) => {
            setValue(event.target.value);
            setError('');
          }}
        />
      )}
    </Dialog>
  );
}

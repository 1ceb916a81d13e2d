// Which time zone a poll's page reads its slots in: always the poll's own, and beside it the
// visitor's own time (the default) or a zone they pick here. The picker's list and the detected
// zone's name are asked of the browser only when the visitor opens it (time/store.ts).
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import Field from '../../../../components/Field.tsx';
import { $viewZone, chooseViewZone, detectedZone, knownZones } from '../../time/store.ts';

/** `differs`: some slot reads otherwise on the viewer's clock than in the poll's own `zone`. */
export default function ZonePicker(props: { pollId: string; zone: string; slotMinutes: number; differs: boolean }) {
  const { pollId, zone, slotMinutes, differs } = props;
  const picked = useStore($viewZone);
  const [open, setOpen] = useState(false);
  const id = `${pollId}-zone`;
  const beside = picked ? `the time in ${picked}` : 'your own time';

  return (
    <div className="sched-zone">
      <p className="sched-note" id={`${id}-said`}>
        Times are in {zone}, the poll’s time zone{differs ? `, with ${beside} beside them where it differs` : ''}. Each
        slot lasts {slotMinutes} minutes.{' '}
        {!open && (
          <button type="button" className="link-button" aria-expanded="false" onClick={() => setOpen(true)}>
            Change time zone
          </button>
        )}
      </p>
      {open && (
        <Field
          as="select"
          id={id}
          label="Show the times also in"
          value={picked}
          autoFocus // the picker opens where the visitor asked for it, ready to choose
          onChange={(event) => chooseViewZone(event.target.value)}
          action={
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Done
            </button>
          }
        >
          <option value="">Your time zone ({detectedZone()})</option>
          {knownZones().map((each) => (
            <option key={each}>{each}</option>
          ))}
        </Field>
      )}
    </div>
  );
}

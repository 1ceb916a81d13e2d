// The clock a poll page reads its slots on beside the poll's own zone: the visitor's own (the
// default), or a time zone they picked, which this browser keeps for every poll. Storage may be
// off; the pick then lasts as long as the page.
import { atom } from 'nanostores';
import { readStored, removeStored, writeStored } from '../../../platform/browser-storage.ts';
import { isTimeZone } from '../../../lib/time-zones.ts';
import { VISITOR, type Viewer, zoneViewer } from './logic.ts';

const ZONE_KEY = 'scheduling-zone';

/** The picked time zone (an IANA name), or '' for the visitor's own. */
export const $viewZone = atom(readStored(ZONE_KEY) ?? '');

export function chooseViewZone(zone: string): void {
  const picked = zone && isTimeZone(zone) ? zone : '';
  if (picked) writeStored(ZONE_KEY, picked);
  else removeStored(ZONE_KEY);
  $viewZone.set(picked);
}

/** The clock a picked zone names: its own, or the visitor's for '' (or a zone this browser does not know). */
export const viewerOf = (zone: string): Viewer => (zone && isTimeZone(zone) ? zoneViewer(zone) : VISITOR);

/** The visitor's own time zone ('Europe/Berlin') and every zone the browser knows: asked only when shown. */
export const detectedZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
export const knownZones = (): string[] =>
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

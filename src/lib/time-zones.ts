// Time zones through Intl (right across daylight-saving changes): whether a name is one, a zone's
// offset and short name at an instant, and a wall-clock date and time there and back; and an
// instant as a datetime-local field shows it, on the browser's own clock.

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter made once per locale and options: making one costs far more than using it. */
export function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat(locale, options));
  return formats.get(key)!;
}

/** The wall-clock date and time in `zone` at the instant `ms`, as the fields of a UTC date. */
function wallClockAt(ms: number, zone: string): number {
  const parts = format('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(ms);
  const part = Object.fromEntries(parts.map(({ type, value }) => [type, Number(value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** The zone's offset from UTC at the instant `ms`, in minutes (Berlin in winter: 60). */
export function offsetMinutes(ms: number, zone: string): number {
  return Math.round((wallClockAt(ms, zone) - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock date ('YYYY-MM-DD') and time ('HH:MM') in `zone`. A time that a
 * change to summer time skips is read with the offset before the change (02:30 becomes 03:30); a
 * time that the change back repeats is its first occurrence.
 */
export function zonedToUtc(date: string, time: string, zone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = offsetMinutes(wall - DAY_MS, zone);
  const after = offsetMinutes(wall + DAY_MS, zone);
  const readings = [before, after]
    .map((offset) => wall - offset * 60_000)
    .filter((ms) => wallClockAt(ms, zone) === wall);
  return readings.length > 0 ? Math.min(...readings) : wall - before * 60_000;
}

/** The wall-clock date ('YYYY-MM-DD') and time ('HH:MM') in `zone` at the instant `ms`. */
export function utcToZoned(ms: number, zone: string): { date: string; time: string } {
  const iso = new Date(wallClockAt(ms, zone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

// English locales each know the common names of their own region's zones (EDT, CET, AEDT, IST);
// other zones are GMT±h in all of them.
const NAMING_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN'];

/** The zone's short name at the instant `ms`: 'CET', 'EDT', else 'GMT+9'. Asks one locale after another, lazily. */
export function zoneName(ms: number, zone: string): string {
  const nameIn = (locale: string) =>
    format(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(ms)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  for (const locale of NAMING_LOCALES) {
    const name = nameIn(locale);
    if (name && !/^GMT[+-]/.test(name)) return name;
  }
  return nameIn(NAMING_LOCALES[0]!);
}

/** An instant (ms) as a datetime-local field's value on the browser's own clock: '2026-11-30T18:00'. */
export function localDateTime(time: number): string {
  const date = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

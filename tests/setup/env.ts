// Every test file, unit and integration alike, runs after this.

// vitest.config.ts pins a time zone away from UTC; a run that lost it would hide time-zone bugs.
if (new Date('2026-01-15T12:00:00Z').getTimezoneOffset() === 0) {
  throw new Error('The unit tests must run in a non-UTC time zone (TZ is set in vitest.config.ts).');
}

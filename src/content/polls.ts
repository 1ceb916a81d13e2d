// The scheduling polls' content: which dates each poll offers, the evening time slots of each
// date, and the reunion's candidate weekends. Edit freely, then press the matching "create"
// button in /schedulingconsole (creating only adds what is missing).

/** The evening slots offered on every date unless a date lists its own. */
const EVENING = ['6:00 PM', '6:30 PM', '7:00 PM', '7:30 PM', '8:00 PM', '8:30 PM', '9:00 PM'];

/** Time slots per date ('MM/DD'); each becomes a schedule item named '<date>_<time>'. */
export const TIME_SLOTS: Record<string, readonly string[]> = {
  '08/27': EVENING,
  '08/28': EVENING,
  '09/01': EVENING,
  '09/02': EVENING,
  // A Thursday after a long weekend: a shorter evening.
  '09/03': ['7:00 PM', '7:30 PM', '8:00 PM', '8:30 PM'],
};

/**
 * When the time-slot polls' 'MM/DD' dates fall: their year, the time zone their times are in, and
 * how long one slot lasts in minutes.
 */
export const TIME_SLOT_CALENDAR = { year: 2026, zone: 'America/New_York', slotMinutes: 30 } as const;

/** The time-slot polls: their page, title and the dates they hide. */
export const TIME_SLOT_POLLS = {
  defense: { route: 'defense_league', title: 'Defense Scheduling Poll', hiddenDates: [] as string[] },
  ragnarok: { route: 'ragnarok', title: 'Ragnarok Scheduling Poll', hiddenDates: ['09/03'] },
} as const;

/** The reunion date poll: each date is the Friday its weekend starts ('MM/DD/YYYY'). */
export const DATE_POLL = {
  id: 'drexolljozwiakpoolpoll',
  title: 'Reunion 2026',
  /** Its name on the dashboard's admin buttons and its page's title (SPEC: 'Drecoll {name} Reunion 2026'). */
  fullTitle: 'Drecoll Jozwiak Reunion 2026',
  dates: [
    { date: '06/12/2026', description: 'Schools are out; the pool opens for the season.' },
    { date: '06/26/2026', description: '' },
    { date: '07/03/2026', description: 'Independence Day weekend: fireworks over the lake on Saturday.' },
    { date: '07/17/2026', description: '' },
    { date: '07/31/2026', description: 'Grandma Jozwiak is back from her trip by then.' },
    { date: '08/14/2026', description: 'The last weekend before the first school starts again.' },
  ],
} as const;

// The wedding the RSVP page invites to (/rsvp, each household through its own link): the couple,
// when and where, the rehearsal, the deadline for answers, the menu and whom to ask once the
// deadline has passed. The guest list is beside it (wedding-guests.ts). Edit freely: the page,
// the confirmation mail and the tests read this file.

export interface WeddingEvent {
  /** When it starts, with its UTC offset (ISO 8601): '2028-06-17T16:00:00-04:00'. */
  start: string;
  /** When it ends, the same way: its calendar entry's end. */
  end: string;
  /** The place's name. */
  place: string;
  /** Its address, one line. */
  address: string;
}

export interface WeddingContent {
  /** Who is getting married, as the invitation names them. */
  couple: string;
  wedding: WeddingEvent;
  /** The rehearsal dinner, which the RSVP also asks about. */
  rehearsal: WeddingEvent;
  /** The time zone the dates and times are shown in (an IANA name). */
  zone: string;
  /**
   * The last moment guests may answer or change their answers, with its UTC offset. The server
   * refuses answers after it; the page then shows the answers without a form.
   */
  rsvpDeadline: string;
  /** The meals a guest attending the wedding chooses from. */
  menu: readonly string[];
  /** Whom guests ask once the deadline has passed. */
  contact: { name: string; email: string };
}

export const WEDDING: WeddingContent = {
  couple: 'Sarah Drecoll and Daniel Jozwiak',
  wedding: {
    start: '2028-06-17T16:00:00-04:00',
    end: '2028-06-17T23:00:00-04:00',
    place: 'Drecoll Hills Farm',
    address: '1200 Orchard Road, Hudson, NY 12534',
  },
  rehearsal: {
    start: '2028-06-16T18:30:00-04:00',
    end: '2028-06-16T21:30:00-04:00',
    place: 'The Old Mill',
    address: '8 Mill Street, Hudson, NY 12534',
  },
  zone: 'America/New_York',
  rsvpDeadline: '2028-05-01T23:59:59-04:00',
  menu: ['Beef', 'Chicken', 'Salmon', 'Vegetarian'],
  contact: { name: 'Sarah Drecoll', email: 'sarah@example.com' },
};

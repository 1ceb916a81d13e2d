import { KEY_PREFIX } from '../../server/keys.ts';

export const weddingKeys = {
  /** hash {guest key (guest one's name, trimmed, lower case) → JSON Guest}; no expiry */
  guests: () => `${KEY_PREFIX}wedding:guests`,
  /**
   * hash {SHA-256 (hex) of a household's RSVP link token → its guest key}: how a link finds its household; no
   * expiry: remade whole with the list (links.server.ts)
   */
  links: () => `${KEY_PREFIX}wedding:links`,
  /**
   * string: the fingerprint of the key the RSVP links were made with (a TOKEN_SECRET of
   * its own makes others); no expiry
   */
  linkKey: () => `${KEY_PREFIX}wedding:link-key`,
  /**
   * hash {guest key → JSON {answeredAt, changedAt, submittedAt, delivery, deliveryNote}}: the RSVP page's answers per
   * household (no address is kept); no expiry: a household leaving the list takes its entry
   */
  replies: () => `${KEY_PREFIX}wedding:replies`,
  /** string: the time (ms) of the newest RSVP answer the owner has seen in the inbox; no expiry */
  rsvpsSeen: () => `${KEY_PREFIX}wedding:rsvps-seen`,
  /** string: the time (ms) of the guest list the console's last whole-list CSV export was made from; no expiry */
  lastExport: () => `${KEY_PREFIX}wedding:last-export`,
} as const;

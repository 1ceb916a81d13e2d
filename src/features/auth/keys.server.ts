// Accounts' Redis keys beside the user hash (src/server/keys.ts keys.user, which every feature reads).
import { KEY_PREFIX } from '../../server/keys.ts';

export const authKeys = {
  /** set of username keys, for listing accounts; no expiry */
  users: () => `${KEY_PREFIX}users`,
  /**
   * hash {username key → how many accounts have been registered under the name}, numbering each
   * account's key; never deleted, no expiry
   */
  registrations: () => `${KEY_PREFIX}registrations`,
} as const;

// Scheduling's Redis keys, under the app's prefix. A registered voter is stored by account key
// (keys.ts accountKeyOf), so a name registered again is another voter than the deleted account's.
import { KEY_PREFIX } from '../../../server/keys.ts';

const SCHED = `${KEY_PREFIX}sched:`;

export const schedulingKeys = {
  /** hash {schedule item id → name '<date>_<time>'}, shared by the time-slot polls; no expiry */
  items: () => `${SCHED}items`,
  /** hash {date option name '<date>_DATE' → description}, the reunion poll's dates; no expiry */
  dates: () => `${SCHED}dates`,
  /**
   * hash {at: when the store first got the configured catalogues}, so a store the console
   * emptied stays empty; no expiry
   */
  configured: () => `${SCHED}configured`,
  /** set of the option ids a scheduling poll offers (schedule item ids or date option names); no expiry */
  offered: (pollId: string) => `${SCHED}${pollId}:options`,
  /**
   * sorted set of a scheduling poll's votes '<voter key>\n<option id>', with '\n?' after an "if need be" (a registered
   * voter's key is their account key), all scored 0 so one voter's are a lexicographic range; no expiry
   */
  votes: (pollId: string) => `${SCHED}${pollId}:votes`,
  /**
   * hash {voter key → JSON {name (as voted), joined (their place in the order voters came),
   * firstName (a member's account's), email (left to hear the decision, shown only to the
   * organiser)}} of a scheduling poll's voters; no expiry
   */
  people: (pollId: string) => `${SCHED}${pollId}:people`,
  /** hash {anonymous voter key → SHA-256 of its claim secret} for a scheduling poll; no expiry */
  claims: (pollId: string) => `${SCHED}${pollId}:claims`,
  /**
   * hash {version: raised by every change of a scheduling poll, so an open page's check for news is one small
   * read; joined: voters it has had; answers, voters: answers given and voters new to it since its last digest;
   * deadline: when its votes close by themselves (ms)}
   */
  state: (pollId: string) => `${SCHED}${pollId}:state`,
  /** hash {created poll id → JSON definition (title, zone, options…)} of the polls made in the console; no expiry */
  polls: () => `${SCHED}polls`,
  /** hash {created poll id → the option id its organiser picked}: a finalised poll takes no votes; no expiry */
  finals: () => `${SCHED}finals`,
  /** string counter giving each made poll its place in the lists below (its cursor when they are paged); no expiry */
  pollSequence: () => `${SCHED}poll-sequence`,
  /**
   * sorted set of every made poll's id (not the configured polls') by its place, for the
   * console's paged list; no expiry
   */
  pollIndex: () => `${SCHED}poll-index`,
  /**
   * hash {made poll id → the account key of the member who made it}; a poll without one is
   * the console's alone; no expiry
   */
  organisers: () => `${SCHED}organisers`,
  /**
   * list of a scheduling poll's comments as JSON {id, name, account (a member's account key, else none), text,
   * createdAt}, oldest first, at most MAX_COMMENTS_PER_POLL (comments/logic.ts); deleted with the poll
   */
  comments: (pollId: string) => `${SCHED}${pollId}:comments`,
  /** set of the poll ids whose organiser switched comments off (they are on by default); no expiry */
  commentsOff: () => `${SCHED}comments-off`,
  /** set of the poll ids whose organiser hides the voters' names from everyone else; no expiry */
  votersHidden: () => `${SCHED}voters-hidden`,
  /** set of the poll ids whose organiser asked for a daily digest of new answers; no expiry */
  digests: () => `${SCHED}digests`,
  /**
   * sorted set {poll id → its deadline (ms)} of the polls whose organiser is to be told when voting
   * closes; the hourly run takes those passed
   */
  deadlines: () => `${SCHED}deadlines`,
  /**
   * hash {voter key → JSON {option, delivery, note}}: how each voter who left an address was told of the
   * decision; goes with the voter and the poll
   */
  notified: (pollId: string) => `${SCHED}${pollId}:notified`,
  /**
   * set of the addresses a scheduling poll's decision was mailed to this UTC day, so finalising
   * again mails none twice; expires with the day
   */
  toldToday: (pollId: string) => `${SCHED}${pollId}:told-today`,
  /**
   * sorted set of the ids of the polls one account made, by their place (at most
   * MAX_POLLS_PER_ACCOUNT), per account key; no expiry
   */
  organised: (accountKey: string) => `${SCHED}organised:${accountKey}`,
} as const;

/**
 * A key of the layout before `state` (maybe, first-names, emails, version; voter-counts,
 * digest-pending), for the migration.
 */
export const legacyKey = (name: string, pollId?: string) =>
  `${SCHED}${pollId === undefined ? '' : `${pollId}:`}${name}`;

/** A per-poll key as the text before and after the poll id, for a script that builds it for polls it finds. */
export const around = (key: (pollId: string) => string): [string, string] => key('\n').split('\n') as [string, string];

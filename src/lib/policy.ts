// Who may do what (SPEC section 6), decided in one place for the browser's guards and menus and
// for the server's checks alike. Code asks "may this user use the forum?", never compares
// clearance numbers itself, so changing a level changes every check at once.
import { CLEARANCE, type UserDetails } from './user-details.ts';

/** The part of a user a permission looks at. */
export type WithClearance = Pick<UserDetails, 'clearance'>;

/** A rule saying whether a user may do something. */
export type Permission = (user: WithClearance) => boolean;

/** A user without a clearance claim has none: the strictest reading. */
const clearanceOf = (user: WithClearance) => user.clearance ?? 0;

/** Returns the rule "clearance `level` or more": what an endpoint's `{ clearance }` access asks. */
export const hasClearance =
  (level: number): Permission =>
  (user) =>
    clearanceOf(user) >= level;

/** Answers whether the user may read and post in the members' forum. */
export const canUseForum: Permission = hasClearance(CLEARANCE.forum);

/** Answers whether the user may use the admin tools and consoles. */
export const canAdminister: Permission = hasClearance(CLEARANCE.console);

/** Answers whether the user may moderate the forum: delete anyone's message. */
export const canModerateForum: Permission = hasClearance(CLEARANCE.console);

/** Answers whether the user runs the one-question poll: sees its results before voting, closes and reopens it. */
export const canRunPoll: Permission = hasClearance(CLEARANCE.console);

// The scheduling polls' voter rules, shared by the pages and the server (SPEC sections 3, 5): voter
// identity, how voters are shown, and the refusals a vote can meet.
// Rules that need the store's atomicity live in Redis scripts (src/server/scripts/scheduling.ts):
// - a vote counts only for an option the poll offers;
// - anonymous name claims: an 'anon_' name belongs to the first vote under it, which gets a claim
//   secret; later changes need that secret; a name an account or a registered voter has is taken
//   (any account of the name: a deleted one's votes keep it taken in their poll);
//   a remove before any vote claims nothing;
// - a registered voter votes as their account (its account key, src/server/keys.ts): a name
//   registered again is another voter, who cannot change the earlier account's votes;
// - a registered voter's first name is copied from their account when they vote;
// - voters per poll: a new voter's first vote is refused once the poll has MAX_VOTERS_PER_POLL
//   voters (voting.server.ts); voters already in it can still change their votes;
// - a finalised poll takes no votes; an option leaves a poll with every vote for it.
import { ANONYMOUS_PREFIX } from '../../lib/user-details.ts';

export const NAME_TAKEN = 'That name is already taken. Please choose another.';
/** A new voter's refusal once a poll has all the voters it takes (voting.server.ts MAX_VOTERS_PER_POLL). */
export const POLL_FULL = 'This poll has all the voters it can take. Voters already in it can still change their votes.';
/** A vote on a poll its organiser has finalised. */
export const POLL_CLOSED =
  'This poll is closed: the organiser has picked the final option, so votes can no longer change.';
/** Registration refuses usernames that start with it, so no account is mistaken for a visitor. */
export const ANON_PREFIX = ANONYMOUS_PREFIX;
/** How to answer a poll that takes "if need be" (the made polls' page says it before the poll arrives). */
export const HOW_TO_ANSWER =
  'Answer the options that suit you: click once for yes, again for if need be, and a third time for no. Log in or enter your name below to vote; creating a login lets you come back and change your answers later.';
/** How to answer a poll that takes yes answers only (the configured ones): its page says this once it knows. */
export const HOW_TO_ANSWER_YES_ONLY =
  'Answer the options that suit you: click once for yes, and again for no. Log in or enter your name below to vote; creating a login lets you come back and change your answers later.';
/** What an address that is not one hears, where a voter leaves one (the words the login's register form uses). */
export const INVALID_EMAIL = 'Invalid Email Format';
/** Long enough for a full name, short enough for a badge. */
export const MAX_NAME_LENGTH = 40;

/** A voter as the results show them. */
export interface Voter {
  username: string;
  firstName?: string;
}

// ----- Voters -----

/** The voter name of an anonymous visitor: 'anon_' + the name trimmed, whitespace runs → '_'. */
export const anonymousVoter = (typed: string) => ANON_PREFIX + typed.trim().replace(/\s+/g, '_');

export const isAnonymous = (username: string) => username.startsWith(ANON_PREFIX);

/** The key a voter is stored under: names are the same voter in any letter case. */
export const voterKey = (username: string) => username.toLowerCase();

/** How a voter is shown: a non-blank first name, else the username without 'anon_'. */
export function displayName(user: Voter | undefined): string {
  if (!user?.username) return 'Unknown';
  if (user.firstName?.trim()) return user.firstName.trim();
  return isAnonymous(user.username) ? user.username.slice(ANON_PREFIX.length) : user.username;
}

/** Whether a typed name is refused because a voter with that name exists (SPEC section 5: Poll name). */
export function nameTaken(typed: string, voters: string[]): boolean {
  const wanted = voterKey(anonymousVoter(typed)).slice(ANON_PREFIX.length);
  return voters.some((username) => {
    const key = voterKey(username);
    return (isAnonymous(key) ? key.slice(ANON_PREFIX.length) : key) === wanted;
  });
}

/** Groups who chose what, by option id, in the order they came. */
export function votersByOption<T>(choices: T[], optionOf: (choice: T) => string, userOf: (choice: T) => Voter) {
  const groups = new Map<string, Voter[]>();
  for (const choice of choices) {
    const list = groups.get(optionOf(choice)) ?? [];
    list.push(userOf(choice));
    groups.set(optionOf(choice), list);
  }
  return groups;
}

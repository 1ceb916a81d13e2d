// A poll's comments: plain text from voters, a member under their account's name, a guest under a
// name they type (shown as a guest's, so nobody passes for a member), kept and deleted with the
// poll. Shared by the page and the server; the caps are enforced in scripts.server.ts.

/** A few sentences about a date, not an essay. */
export const MAX_COMMENT_LENGTH = 500;
/** A group's talk about a date; a full poll takes no more until some are deleted. */
export const MAX_COMMENTS_PER_POLL = 200;
/** Per address (an IPv6 /64), poll and hour: a household's talk, not a script filling the poll. */
export const COMMENTS_PER_POLL_PER_ADDRESS = 10;

export const COMMENT_TOO_LONG = `A comment is at most ${MAX_COMMENT_LENGTH} characters.`;
export const COMMENT_BLANK = 'Please write a comment first.';
export const COMMENT_NAME_NEEDED = 'Please enter your name to comment.';
export const COMMENTS_OFF = 'The organiser has switched comments off for this poll.';
export const COMMENTS_FULL = 'This poll has all the comments it can take. The organiser can delete old ones.';
export const NOT_YOUR_COMMENT = 'Only its author or the poll’s organiser can delete this comment.';
export const NO_SUCH_COMMENT = 'That comment is not there any more.';

/**
 * A comment as the page shows it: `member` when a member wrote it, `own` on the reader's own, which they may delete.
 */
export interface PollComment {
  id: string;
  /** The member's name (their first name, else their username), or the name a guest typed. */
  name: string;
  member: boolean;
  text: string;
  /** ISO 8601. */
  createdAt: string;
  own?: true;
}

/** A poll's comments, oldest first; `moderator` when the reader organises the poll (or administers the site). */
export interface CommentsResponse {
  comments: PollComment[];
  moderator: boolean;
}

/** The text of a comment as it is kept: no carriage returns or control characters but new lines and tabs, trimmed. */
export function commentText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu, (character) =>
      character === '\n' || character === '\t' ? character : '',
    )
    .trim();
}

/** What is wrong with a comment before it is sent, or undefined when nothing is. */
export function commentProblem(text: string): string | undefined {
  const kept = commentText(text);
  return !kept ? COMMENT_BLANK : kept.length > MAX_COMMENT_LENGTH ? COMMENT_TOO_LONG : undefined;
}

// A poll's comments: plain text from voters, a member under their account's name, a guest under a
// name they type (shown as a guest's, so nobody passes for a member), kept and deleted with the
// poll. Shared by the page and the server; the caps are enforced in scripts.server.ts.

/** A comment's length: a few sentences about a date, not an essay. */
export const MAX_COMMENT_LENGTH = 500;
/** Comments one poll keeps: a group's talk about a date; a full poll takes no more until some are deleted. */
export const MAX_COMMENTS_PER_POLL = 200;
/** Comments one address (an IPv6 /64) adds to one poll in an hour: a household's talk, not a script filling the poll. */
export const COMMENTS_PER_POLL_PER_ADDRESS = 10;

export const COMMENT_TOO_LONG = `A comment is at most ${MAX_COMMENT_LENGTH} characters.`;
export const COMMENT_BLANK = 'Please write a comment first.';
export const COMMENT_NAME_NEEDED = 'Please enter your name to comment.';
export const COMMENTS_OFF = 'The organiser has switched comments off for this poll.';
export const COMMENTS_FULL = 'This poll has all the comments it can take. The organiser can delete old ones.';
export const NOT_YOUR_COMMENT = 'Only its author or the poll’s organiser can delete this comment.';
export const NO_SUCH_COMMENT = 'That comment is not there any more.';

/** A comment as the page shows it. */
export interface PollComment {
  id: string;
  /** The member's name (their first name, else their username), or the name a guest typed. */
  name: string;
  /** Whether a member wrote it; else a guest did, under a name they typed. */
  member: boolean;
  text: string;
  /** When it was written (ISO 8601). */
  createdAt: string;
  /** Present on the reader's own comments (their account's), which they may delete. */
  own?: true;
}

/** A poll's comments as the page reads them, oldest first. */
export interface CommentsResponse {
  comments: PollComment[];
  /** Whether the reader organises the poll (or administers the site): they may delete any comment. */
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
  if (!kept) return COMMENT_BLANK;
  if (kept.length > MAX_COMMENT_LENGTH) return COMMENT_TOO_LONG;
  return undefined;
}

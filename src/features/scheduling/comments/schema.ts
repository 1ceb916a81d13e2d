// A comment's requests.
import * as v from 'valibot';
import { MAX_NAME_LENGTH } from '../poll/logic.ts';
import { pollId, typedName } from '../poll/schema.ts';
import { COMMENT_BLANK, COMMENT_TOO_LONG, MAX_COMMENT_LENGTH, commentText } from './logic.ts';

/** A comment: the text, and a guest's name (a member's comes from their account). */
export const commentRequest = v.object({
  pollId,
  name: v.optional(typedName('name', MAX_NAME_LENGTH), ''),
  text: v.pipe(
    v.string('text must be a string.'),
    v.transform(commentText),
    v.nonEmpty(COMMENT_BLANK),
    v.maxLength(MAX_COMMENT_LENGTH, COMMENT_TOO_LONG),
  ),
});

export const deleteCommentRequest = v.object({
  pollId,
  commentId: v.pipe(v.string('commentId must be a string.'), v.nonEmpty('commentId is required.'), v.maxLength(64)),
});

export type CommentRequest = v.InferOutput<typeof commentRequest>;

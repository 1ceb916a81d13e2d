// A signed-in visitor's conversations on the server (scripts/conversations.ts keeps them in
// Redis): each call is one round trip, its session checked in it, under the token's account key,
// so one account can never reach another's.
import { AppError } from '../../server/app-error.ts';
import { lastPathSegment, parseWith } from '../../server/http.ts';
import { keys } from '../../server/keys.ts';
import {
  deleteConversation,
  readConversation,
  readConversations,
  renameConversation,
  saveConversation,
} from '../../server/scripts/conversations.ts';
import type { SessionUser } from '../../server/session.ts';
import { type ConversationResponse, type SaveConversationRequest, conversationId } from './conversation-schema.ts';
import {
  CONVERSATION_TTL_DAYS,
  type ConversationSummary,
  type KeptMessage,
  MAX_CONVERSATIONS,
} from './conversations.ts';

type Owner = Pick<SessionUser, 'accountKey' | 'session'>;

/** Seconds a conversation is kept after the account last used its conversations. */
export const CONVERSATION_TTL_SECONDS = CONVERSATION_TTL_DAYS * 24 * 60 * 60;

const NOT_FOUND = 'That conversation is not kept (it may have been deleted or forgotten).';

function keysOf(owner: Owner): [string, string, string] {
  return [
    keys.chatConversations(owner.accountKey),
    keys.chatTitles(owner.accountKey),
    keys.chatMessages(owner.accountKey),
  ];
}

/** The account's conversations, most recently changed first. */
export async function listConversations(owner: Owner): Promise<ConversationSummary[]> {
  const [ids, titles] = await readConversations.runChecked(owner.session, keysOf(owner), [CONVERSATION_TTL_SECONDS]);
  const titleOf = new Map<string, string>();
  for (let i = 0; i < titles.length; i += 2) titleOf.set(titles[i]!, titles[i + 1]!);
  const list: ConversationSummary[] = [];
  for (let i = 0; i < ids.length; i += 2) {
    list.push({ id: ids[i]!, title: titleOf.get(ids[i]!) ?? '', updatedAt: Number(ids[i + 1]) });
  }
  return list;
}

/** One of the account's conversations with its messages; 404 when it has none by that id. */
export async function getConversation(owner: Owner, id: string): Promise<ConversationResponse['conversation']> {
  const reply = await readConversation.runChecked(owner.session, keysOf(owner), [id, CONVERSATION_TTL_SECONDS]);
  if (reply.length === 0) throw new AppError('not_found', NOT_FOUND);
  const [at, title, json] = reply as [string, string, string];
  let messages: KeptMessage[] = [];
  try {
    messages = JSON.parse(json) as KeptMessage[];
  } catch {
    // a body that cannot be read is an empty conversation, not a failure
  }
  return { id, title, updatedAt: Number(at), messages };
}

/** Saves a conversation whole, evicting the least recently changed past MAX_CONVERSATIONS. */
export async function putConversation(
  owner: Owner,
  id: string,
  input: SaveConversationRequest,
  now = Date.now(),
): Promise<ConversationSummary> {
  await saveConversation.runChecked(owner.session, keysOf(owner), [
    id,
    input.title,
    JSON.stringify(input.messages),
    now,
    CONVERSATION_TTL_SECONDS,
    MAX_CONVERSATIONS,
  ]);
  return { id, title: input.title, updatedAt: now };
}

/** Renames one of the account's conversations; 404 when it has none by that id. */
export async function renameOwnConversation(owner: Owner, id: string, title: string): Promise<ConversationSummary> {
  const at = await renameConversation.runChecked(owner.session, keysOf(owner), [id, title, CONVERSATION_TTL_SECONDS]);
  if (at === null || at === undefined) throw new AppError('not_found', NOT_FOUND);
  return { id, title, updatedAt: Number(at) };
}

/** Deletes one of the account's conversations; 404 when it has none by that id. */
export async function deleteOwnConversation(owner: Owner, id: string): Promise<void> {
  if (!(await deleteConversation.runChecked(owner.session, keysOf(owner), [id, CONVERSATION_TTL_SECONDS]))) {
    throw new AppError('not_found', NOT_FOUND);
  }
}

/** The conversation id the request's path ends with; 400 when it is not one. */
export function conversationIdOf(req: Request): string {
  return parseWith(conversationId, lastPathSegment(req));
}

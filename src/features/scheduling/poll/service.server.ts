// What a poll page reads, and how long the CDN keeps each. The CDN keeps an answer asked at the
// version it was read at (`?v=`) for a minute, since that URL's answer cannot change, and none
// asked at another version or none, so nobody can park an old answer under a version to come.
import type { WithClearance } from '../../../lib/policy.ts';
import { AppError } from '../../../server/app-error.ts';
import { type Guest, type SignedIn, isSignedIn } from '../../../server/caller.ts';
import { sharedCache } from '../../../server/http.ts';
import { icsFile } from '../../../lib/calendar.ts';
import { decisionEvent } from '../time/logic.ts';
import { NO_SUCH_POLL, isPollId } from './logic.ts';
import type { CreatedPoll } from './schema.ts';
import { readPoll } from './repo.server.ts';
import * as votes from '../voting/repo.server.ts';

/** The version's cache: a second (two more while it refreshes), so a change shows within a few seconds. */
export const LIVE = sharedCache(1, 2);
export const atVersion = (req: Request, version: number) =>
  new URL(req.url).searchParams.get('v') === String(version) ? sharedCache(60, 60) : {};
/** A member's answers are marked as theirs: the CDN keeps only a guest's, apart from anyone's with a token. */
export const readerCache = (req: Request, reader: SignedIn | Guest, version: number) =>
  isSignedIn(reader) ? {} : { ...atVersion(req, version), 'Netlify-Vary': 'header=Authorization' };

/** The poll id, when it has a poll id's shape; else a 404 (whether one is stored is the store's to say). */
export function requirePollId(pollId: string): string {
  if (!isPollId(pollId)) throw new AppError('not_found', 'There is no such poll.');
  return pollId;
}

/** A poll, its decision and version; a 404 when there is none (never made, or deleted). */
export async function poll(pollId: string): Promise<CreatedPoll & { version: number }> {
  const found = isPollId(pollId) ? await readPoll(pollId) : undefined;
  if (!found) throw new AppError('not_found', NO_SUCH_POLL);
  return { ...found.poll, version: found.version };
}

/** Every answer of a poll (a member's own marked `mine`), with the poll's version they were read at. */
export const pollAnswers = (pollId: string, reader: (SignedIn & WithClearance) | Guest) =>
  votes.pollVotesAt(requirePollId(pollId), isSignedIn(reader) ? reader : undefined);

/** A poll's version: an open page reads it every few seconds and reloads only when it moved. */
export async function pollVersion(pollId: string): Promise<{ version: number }> {
  return { version: await votes.pollVersion(requirePollId(pollId)) };
}

/** The decision of a finalised poll as an .ics file; a 404 while it is open. */
export async function pollCalendar(pollId: string, now = Date.now()): Promise<string> {
  const event = decisionEvent(await poll(pollId), now);
  if (!event) throw new AppError('not_found', 'This poll has no decision yet.');
  return icsFile(event);
}

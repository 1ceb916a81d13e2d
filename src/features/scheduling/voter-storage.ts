// What a voter's browser remembers per poll: the name it saved, the claim secret of each name it
// claimed (the server hands one out with a name's first vote), and the address it left to hear the
// decision (the server shows it only to the organiser, so the page remembers it to say so). Storage may be
// off; then the name lasts as long as the page.
import { readStored, readStoredJson, writeStored, writeStoredJson } from '../../platform/browser-storage.ts';

const nameKey = (pollId: string) => `scheduling-name:${pollId}`;
const claimsKey = (pollId: string) => `scheduling-claims:${pollId}`;
const emailKey = (pollId: string) => `scheduling-email:${pollId}`;

function claims(pollId: string): Record<string, string> {
  const parsed = readStoredJson<unknown>(claimsKey(pollId));
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
}

export const savedName = (pollId: string) => readStored(nameKey(pollId)) ?? '';
export const saveName = (pollId: string, name: string) => writeStored(nameKey(pollId), name);

/** The address this browser left in the poll to hear its decision ('' for none). */
export const savedEmail = (pollId: string) => readStored(emailKey(pollId)) ?? '';
export const saveEmail = (pollId: string, email: string) => writeStored(emailKey(pollId), email);

/** The secret this browser holds for a voter key, if it claimed that name. */
export const claimSecretFor = (pollId: string, key: string): string | undefined => claims(pollId)[key];

export function rememberClaim(pollId: string, key: string, secret: string): void {
  writeStoredJson(claimsKey(pollId), { ...claims(pollId), [key]: secret });
}

// What an anonymous voter's browser remembers per poll: the name it saved and the claim secret
// of each name it claimed (the server hands one out with a name's first vote). Storage may be
// off; then the name lasts as long as the page.

const nameKey = (pollId: string) => `scheduling-name:${pollId}`;
const claimsKey = (pollId: string) => `scheduling-claims:${pollId}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage disabled: nothing to keep
  }
}

function claims(pollId: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(read(claimsKey(pollId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export const savedName = (pollId: string) => read(nameKey(pollId)) ?? '';
export const saveName = (pollId: string, name: string) => write(nameKey(pollId), name);

/** The secret this browser holds for a voter key, if it claimed that name. */
export const claimSecretFor = (pollId: string, key: string): string | undefined => claims(pollId)[key];

export function rememberClaim(pollId: string, key: string, secret: string): void {
  write(claimsKey(pollId), JSON.stringify({ ...claims(pollId), [key]: secret }));
}

/** What a session knows about its user: the claims of the signed token, as the spec names them. */
export interface UserDetails {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  /** 1 for new users; the forum needs 2, the consoles 3. May be absent in old tokens. */
  clearance?: number;
}

/** The details of nobody: what the session holds without a token. */
export const NO_USER: UserDetails = Object.freeze({ username: '', firstName: '', lastName: '', email: '' });

/** Clearance levels named by the spec. */
export const CLEARANCE = { user: 1, forum: 2, console: 3 } as const;

/** Reserved for anonymous poll voters (SPEC section 3, Voter identity): no account may start with it. */
export const ANONYMOUS_PREFIX = 'anon_';

/** Names the user the way the site greets them: first name when known, else username. */
export function displayName(user: UserDetails): string {
  return user.firstName.trim() || user.username;
}

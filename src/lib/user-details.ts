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

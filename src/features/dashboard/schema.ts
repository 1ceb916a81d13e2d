// The answers the dashboard reads from its own endpoints (/api/account and its logout); the scores
// and orders it shows are the word game's and the shop's answers, typed by their schemas.

/** The logged-in user's stored details (GET /api/account), as the dashboard shows them. */
export interface AccountResponse {
  status: 'Success';
  user: { username: string; firstName: string; lastName: string; email: string; clearance: number };
  /**
   * A fresh token for the same session, when the account's clearance was raised since the token
   * was signed (the owner let them into the forum): the browser keeps it in place of its own.
   */
  token?: string;
}

/** The answer of POST /api/account/logout-everywhere. */
export interface StatusResponse {
  status: 'Success';
}

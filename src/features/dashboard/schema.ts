// The answers the dashboard reads from its own endpoints (/api/account and its logout); the scores
// and orders it shows are the word game's and the shop's answers, typed by their schemas.
import type { AskOutcome } from '../../lib/email.ts';

/** The logged-in user's stored details (GET /api/account), as the dashboard shows them. */
export interface AccountResponse {
  status: 'Success';
  user: {
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    clearance: number;
    /** Whether the email's holder confirmed it for this account, from the link the site mailed. */
    emailVerified: boolean;
  };
  /**
   * A fresh token for the same session, when the account's clearance was raised since the token
   * was signed (the owner let them into the forum): the browser keeps it in place of its own.
   */
  token?: string;
}

/** The answer of POST /api/account/confirm-email: how the request to confirm went (src/lib/email.ts). */
export interface AskedResponse {
  status: 'Success';
  asked: AskOutcome;
}

/** The answer of POST /api/account/logout-everywhere. */
export interface StatusResponse {
  status: 'Success';
}

// Account use cases: register, login, read the account, and the admin operations.
import { AppError } from '../../server/app-error.ts';
import { type Later, parseWith } from '../../server/http.ts';
import { hashPassword, needsRehash, verifyAgainstDecoy, verifyPassword } from '../../server/password.ts';
import { usernameKey, usernameKeyOfAccount } from '../../server/keys.ts';
import { type RateLimit, rateLimited, withinRateLimits } from '../../server/rate-limit.ts';
import { type SessionUser, checkedWithinRateLimits, newSessionId, promotedToken } from '../../server/session.ts';
import { signUserToken } from '../../server/token.ts';
import { CLEARANCE, type UserDetails } from '../../lib/user-details.ts';
import * as repo from './repo.server.ts';
import type { AccountResponse } from '../dashboard/schema.ts';
import type { AskOutcome } from '../../lib/email.ts';
import { askToConfirm, mailPasswordReset } from '../../server/mail.ts';
import { createHash } from 'node:crypto';
import { normalAddress, readMailLink, setAddressState } from '../../server/mail-address.ts';
import {
  type DeleteAccountRequest,
  type DetailsRequest,
  type EmailChangeRequest,
  type PasswordChangeRequest,
  type ResetPasswordRequest,
  type ResetRequest,
  type AuthReason,
  type LoginRequest,
  type RegisterRequest,
  registerRequest,
  passwordField,
} from './schema.ts';

// Generous for people, tight for scripts: a person mistyping a password stays well inside them.
// Login counts only failures, so a visitor who gets in costs nothing and cannot be locked out by
// their own successes; the three failure limits are held together by reserveLoginAttempt
// (scripts.server.ts), which counts each attempt before its check and gives a success back.
export const LIMITS = {
  /** The tight one: one address guessing one account's password. */
  loginFailuresPerNameAndAddress: { bucket: 'login-fail', max: 10, windowSeconds: 900 },
  /** One address trying many accounts (credential stuffing). */
  loginFailuresPerAddress: { bucket: 'login-fail-ip', max: 50, windowSeconds: 900 },
  /**
   * Many addresses guessing one account. Past it an address that has already failed for the name
   * is refused, while one that has not (the owner, at home) still gets in with the right password.
   */
  loginFailuresPerName: { bucket: 'login-fail-user', max: 100, windowSeconds: 3600 },
  registerPerAddress: { bucket: 'register-ip', max: 10, windowSeconds: 3600 },
  /** Asking again for the link that verifies an account's email (the mail itself goes once a day). */
  emailLinksPerAccount: { bucket: 'email-link', max: 5, windowSeconds: 3600 },
  /** Changes a signed-in user makes to their own account: a person makes a few; a stolen session is slowed. */
  accountChangesPerAccount: { bucket: 'account-change', max: 10, windowSeconds: 3600 },
  /** Password checks of a signed-in user (a password change, the account's deletion): as tight as login's. */
  passwordChecksPerAccount: { bucket: 'password-check', max: 10, windowSeconds: 900 },
  /** Reset links asked for, per address and per name, whether or not the name exists. */
  resetsPerAddress: { bucket: 'reset-ip', max: 10, windowSeconds: 3600 },
} satisfies Record<string, RateLimit>;

export const INCORRECT_CREDENTIALS = 'Incorrect user credentials.';
export const USERNAME_TAKEN = 'That username is already taken. Please choose another.';

/** Builds a new account's record, hashing its password. */
async function newUser(
  details: Required<UserDetails>,
  password: string,
): Promise<Omit<repo.StoredUser, 'accountKey' | 'emailVerified'>> {
  return {
    ...details,
    passwordHash: await hashPassword(password),
    createdAt: new Date().toISOString(),
    session: newSessionId(),
  };
}

/** Signs a token for the account (its key the token's subject) and its current session (src/server/session.ts). */
function tokenFor(user: Omit<repo.StoredUser, 'emailVerified'>, session = user.session): Promise<string> {
  const { username, firstName, lastName, email, clearance } = user;
  return signUserToken(user.accountKey, { username, firstName, lastName, email, clearance }, session);
}

/** Creates an account with clearance 1 and returns its session token. */
export async function register(input: RegisterRequest, address: string): Promise<string> {
  await withinRateLimits([[LIMITS.registerPerAddress, address]]);
  const { username, firstName, lastName, email, password } = input;
  const user = await newUser({ username, firstName, lastName, email, clearance: CLEARANCE.user }, password);
  const accountKey = await repo.createUser(user);
  if (!accountKey) throw new AppError<AuthReason>('conflict', USERNAME_TAKEN, {}, 'username-taken');
  // The account's address gets its link to confirm it; the account is made whatever the mail does.
  if (email) await askToConfirm(email, { requester: address, account: accountKey });
  return tokenFor({ ...user, accountKey });
}

/** The failure counters a login attempt is held to. */
function loginAttempts(username: string, address: string): repo.LoginAttempts {
  const name = usernameKey(username);
  return {
    nameAtAddress: [LIMITS.loginFailuresPerNameAndAddress, `${name}@${address}`],
    address: [LIMITS.loginFailuresPerAddress, address],
    name: [LIMITS.loginFailuresPerName, name],
  };
}

/**
 * Checks credentials and returns a session token; unknown user and wrong password look the same.
 * The attempt is counted before the password is checked, and given back when it succeeds: however
 * many guesses arrive at once, no more are checked than the limits allow.
 */
export async function login(input: LoginRequest, address: string): Promise<string> {
  const attempts = loginAttempts(input.username, address);
  // One round trip: the counters read and raised, and the user's record.
  const { wait, user } = await repo.reserveLoginAttempt(attempts, input.username);
  if (wait > 0) throw rateLimited(wait);

  const valid = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDecoy(input.password);
  if (!user || !valid) {
    throw new AppError<AuthReason>('unauthorized', INCORRECT_CREDENTIALS, {}, 'incorrect-credentials');
  }
  await repo.refundLoginAttempt(attempts);
  // Hashes made with weaker parameters (before OWASP's current ones) are upgraded while the
  // password is at hand; the visitor is signed in either way.
  if (needsRehash(user.passwordHash)) {
    await repo.upgradePasswordHash(user.username, user.passwordHash, await hashPassword(input.password));
  }
  // An account made before sessions could be ended gets its session id now (once, a second trip).
  const session = user.session || (await repo.sessionOf(user.username));
  if (!session) throw new AppError<AuthReason>('unauthorized', INCORRECT_CREDENTIALS, {}, 'incorrect-credentials');
  return tokenFor(user, session);
}

/**
 * Returns the stored details of the token's user (fresh, unlike the token's copy), in the request's
 * one round trip; with a fresh token for the same session when the stored clearance is above the
 * token's (the owner let them into the forum, which keeps sessions: src/server/session.ts promotedToken).
 */
export async function account(user: SessionUser): Promise<Omit<AccountResponse, 'status'>> {
  const { user: found, record } = await repo.findSessionUser(user.username, user.session);
  if (!found) throw new AppError('not_found', 'This account no longer exists.');
  const { username, firstName, lastName, email, clearance } = found;
  const token = await promotedToken(user, record);
  return {
    user: { username, firstName, lastName, email, clearance, emailVerified: repo.hasVerifiedEmail(found) },
    ...(token ? { token } : {}),
  };
}

/** Mails the account's email a link to verify it (once a day per address, a few a day per account). */
export async function askToVerifyEmail(
  user: Pick<SessionUser, 'email' | 'accountKey' | 'session'>,
): Promise<AskOutcome> {
  await checkedWithinRateLimits(user.session, [[LIMITS.emailLinksPerAccount, user.accountKey]]);
  if (!user.email) throw new AppError('bad_request', 'Your account has no email to verify.');
  return askToConfirm(user.email, { requester: user.accountKey, account: user.accountKey });
}

/** What a signed-in user hears when the password they gave is not theirs. */
export const WRONG_PASSWORD = 'Your current password is not right.';

/** Reads the signed-in user within a rate limit, in one round trip with the session check. */
async function ownAccount(user: SessionUser, limit: RateLimit): Promise<repo.StoredUser> {
  const [record] = await checkedWithinRateLimits(user.session, [[limit, user.accountKey]], (pipe) =>
    repo.readUserInto(pipe, user.username),
  );
  const found = repo.toStoredUser(record);
  if (!found) throw new AppError('not_found', 'This account no longer exists.');
  return found;
}

/**
 * Reads the signed-in user and checks the password they gave, as login does (an unusable hash spends the decoy's time).
 */
async function withPassword(user: SessionUser, password: string): Promise<repo.StoredUser> {
  const found = await ownAccount(user, LIMITS.passwordChecksPerAccount);
  if (!(await verifyPassword(password, found.passwordHash))) throw new AppError('bad_request', WRONG_PASSWORD);
  return found;
}

/** Sets the signed-in user's first and last name; answers a fresh token carrying them. */
export async function updateDetails(user: SessionUser, input: DetailsRequest): Promise<string> {
  await checkedWithinRateLimits(user.session, [[LIMITS.accountChangesPerAccount, user.accountKey]]);
  await repo.updateNames(user.username, user.session, input);
  const { username, email, clearance } = user;
  return signUserToken(user.accountKey, { username, email, clearance, ...input }, user.sid);
}

/**
 * Changes the signed-in user's password, given the current one: every other session ends, and this
 * browser gets a token for the new one.
 */
export async function changePassword(user: SessionUser, input: PasswordChangeRequest): Promise<string> {
  const found = await withPassword(user, input.current);
  const session = await repo.replacePassword(found.username, found.passwordHash, await hashPassword(input.password));
  if (!session) throw new AppError('conflict', 'Your password changed meanwhile. Please try again.');
  return tokenFor(found, session);
}

/** Mails a new email a link that makes it the account's once its holder follows it; until then the old one stays. */
export async function changeEmail(user: SessionUser, input: EmailChangeRequest): Promise<AskOutcome> {
  const found = await ownAccount(user, LIMITS.accountChangesPerAccount);
  if (repo.hasVerifiedEmail(found) && normalAddress(input.email) === found.emailVerified) {
    throw new AppError('bad_request', 'This is your email already.');
  }
  return askToConfirm(input.email, { requester: user.accountKey, account: user.accountKey, change: true });
}

/** Deletes the signed-in user's account, given its password: its data goes as with the CLI's delete-user. */
export async function deleteOwnAccount(user: SessionUser, input: DeleteAccountRequest): Promise<void> {
  await repo.deleteAccount(await withPassword(user, input.password));
}

/**
 * Mails a link to reset the password of the account `username`, when it has a verified email, as
 * `later` work; answers the same either way, in the same one round trip, within a limit per address
 * (none per name, which others could spend: the mail's own caps keep the holder's inbox).
 */
export async function askToResetPassword(input: ResetRequest, address: string, later: Later): Promise<void> {
  const [record] = await withinRateLimits([[LIMITS.resetsPerAddress, address]], (tx) =>
    repo.readUserInto(tx, input.username),
  );
  const found = repo.toStoredUser(record);
  if (!found || !repo.hasVerifiedEmail(found)) return;
  const link = { requester: address, account: found.accountKey, stamp: resetStamp(found) };
  await later(() => mailPasswordReset(found.email, link));
}

/** What a reset link holds of the password it replaces: part of a hash of its hash, so the link serves once. */
export const resetStamp = (user: Pick<repo.StoredUser, 'passwordHash'>) =>
  createHash('sha256').update(user.passwordHash).digest('base64url').slice(0, 16);

/** The answer to a reset link that has served already, or whose account is gone. */
export const RESET_USED = 'This link has been used already. Please ask for a new one.';

/** Sets a new password from a reset link (ending every session) and answers a token that logs this browser in. */
export async function resetPassword(input: ResetPasswordRequest): Promise<string> {
  const link = await readMailLink(input.token, ['reset']);
  const found = await repo.findUser(usernameKeyOfAccount(link.account));
  if (!found || found.accountKey !== link.account || resetStamp(found) !== link.stamp) {
    throw new AppError('bad_request', RESET_USED);
  }
  const session = await repo.replacePassword(found.username, found.passwordHash, await hashPassword(input.password));
  if (!session) throw new AppError('bad_request', RESET_USED);
  return tokenFor(found, session);
}

/**
 * Follows a link the site mailed to confirm an address (or an unsubscribe link, which subscribes
 * again): the address gets the site's mail from now on, and, for an account's link, is its
 * verified email (`account`: 'gone' when that account no longer exists).
 */
export async function confirmAddress(
  token: string,
): Promise<{ address: string; account: 'verified' | 'gone' | 'none' }> {
  const link = await readMailLink(token, ['confirm', 'unsubscribe']);
  if (link.purpose === 'confirm' && link.account) {
    return { address: link.address, account: await repo.verifyEmail(link.account, link.address, link.change === true) };
  }
  await setAddressState(link.address, 'confirmed');
  return { address: link.address, account: 'none' };
}

/** Follows an unsubscribe link: the site sends nothing more to its address, not even a request to confirm it. */
export async function unsubscribe(token: string): Promise<{ address: string }> {
  const { address } = await readMailLink(token, ['unsubscribe']);
  await setAddressState(address, 'unsubscribed');
  return { address };
}

/** Refuses a clearance outside 1 to 3. */
function assertClearanceLevel(level: number): void {
  if (!Number.isInteger(level) || level < CLEARANCE.user || level > CLEARANCE.console) {
    throw new AppError(
      'bad_request',
      `Clearance must be a whole number from ${CLEARANCE.user} to ${CLEARANCE.console}.`,
    );
  }
}

/**
 * Sets a user's clearance (1 to 3) and ends their sessions: it applies from their next login. (The
 * owner's approval of a request to join the forum raises it without ending them: forum/service.server.ts.)
 */
export async function setClearance(username: string, level: number): Promise<void> {
  assertClearanceLevel(level);
  if (!(await repo.updateClearance(username, level))) throw new AppError('not_found', `No user named ${username}.`);
}

/** Sets a user's password (the register rules apply) and ends their sessions, for the admin CLI. */
export async function setPassword(username: string, password: string): Promise<void> {
  const valid = parseWith(passwordField, password);
  if (!(await repo.updatePasswordHash(username, await hashPassword(valid)))) {
    throw new AppError('not_found', `No user named ${username}.`);
  }
}

/** Ends every session of the signed-in user, the request's own included ("log out everywhere"). */
export async function logoutEverywhere(user: Pick<SessionUser, 'username' | 'session'>): Promise<void> {
  await repo.replaceSession(user.username, user.session);
}

/** Creates an account with any clearance, for the admin CLI (no rate limit: the operator is trusted). */
export async function createAccount(input: RegisterRequest, level: number): Promise<void> {
  const parsed = parseWith(registerRequest, input);
  assertClearanceLevel(level);
  const { username, firstName, lastName, email, password } = parsed;
  const user = await newUser({ username, firstName, lastName, email, clearance: level }, password);
  if (!(await repo.createUser(user))) throw new AppError<AuthReason>('conflict', USERNAME_TAKEN, {}, 'username-taken');
}

export const listUsers = repo.listUsers;

/** Deletes an account, its scores, its cart and its order index; its sessions end with it. */
export async function deleteUser(username: string): Promise<void> {
  if (!(await repo.deleteUser(username))) throw new AppError('not_found', `No user named ${username}.`);
}

// Request schemas of the account endpoints (login, register, the account's own changes, its mailed
// links), shared by the forms (for their messages) and the functions.
import * as v from 'valibot';
import { isValidEmail } from '../../lib/email.ts';
import { hasControlCharacter } from '../../lib/names.ts';
import { ANONYMOUS_PREFIX } from '../../lib/user-details.ts';
import { CAPTCHA_ACTIONS } from '../../lib/captcha-actions.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const MIN_PASSWORD_LENGTH = 8;
/** scrypt has no length limit of its own; this keeps hashing cost bounded. */
export const MAX_PASSWORD_LENGTH = 200;

const name = (label: string) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(50, `${label} must be at most 50 characters.`),
    v.check((value) => !hasControlCharacter(value), `${label} cannot contain control characters.`),
  );

const blankUsername = 'Username cannot be blank.';
const blankPassword = 'Password cannot be blank.';

// A missing field counts as blank, so it gets the same message as an empty one.
const text = v.optional(v.string(), '');

export const loginRequest = v.object({
  username: v.pipe(text, v.trim(), v.nonEmpty(blankUsername), v.maxLength(64, 'Incorrect user credentials.')),
  password: v.pipe(text, v.nonEmpty(blankPassword), v.maxLength(MAX_PASSWORD_LENGTH, 'Incorrect user credentials.')),
});

/** A new password: the rules register and the admin CLI's set-password apply. */
export const passwordField = v.pipe(
  text,
  v.nonEmpty(blankPassword),
  v.minLength(MIN_PASSWORD_LENGTH, `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`),
  v.maxLength(MAX_PASSWORD_LENGTH, `Passwords must be at most ${MAX_PASSWORD_LENGTH} characters.`),
);

export const registerRequest = v.object({
  username: v.pipe(
    text,
    v.trim(),
    v.nonEmpty(blankUsername),
    v.regex(USERNAME_PATTERN, 'Usernames are 3 to 32 letters, digits, _, - or . characters.'),
    v.check(
      (value) => !value.toLowerCase().startsWith(ANONYMOUS_PREFIX),
      `Usernames cannot start with ${ANONYMOUS_PREFIX}.`,
    ),
  ),
  password: passwordField,
  firstName: name('First name'),
  lastName: name('Last name'),
  email: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.check((value) => value === '' || isValidEmail(value), 'Invalid Email Format'),
  ),
  // Anything else (a `clearance`, say) is dropped by v.object: clearance is never taken from a request.
});

/** A signed-in user's new first and last name (POST /api/account/details). */
export const detailsRequest = v.object({ firstName: name('First name'), lastName: name('Last name') });

/** The password a signed-in user gives to act on their account (its change, the account's deletion). */
const currentPassword = v.pipe(
  text,
  v.nonEmpty('Please give your current password.'),
  v.maxLength(MAX_PASSWORD_LENGTH, 'Your current password is not right.'),
);

/** A new password, given with the current one (POST /api/account/password). */
export const passwordChangeRequest = v.object({ current: currentPassword, password: passwordField });

/** A new email, which replaces the account's once its holder confirms it (POST /api/account/email). */
export const emailChangeRequest = v.object({
  email: v.pipe(text, v.trim(), v.check(isValidEmail, 'Invalid Email Format')),
});

/** The account to delete, confirmed by its password (POST /api/account/delete). */
export const deleteAccountRequest = v.object({ password: currentPassword });

/** The account a visitor forgot the password of (POST /api/password-reset). */
export const resetRequest = v.object({
  username: v.pipe(text, v.trim(), v.nonEmpty(blankUsername), v.maxLength(64, 'There is no such username.')),
});

/** A link's token, from a mail the site sent (src/server/mail-address.ts). */
const linkToken = v.pipe(
  v.string('token must be a string.'),
  v.minLength(1, 'token is required.'),
  v.maxLength(2000, 'token is too long.'),
);

/** A new password, set through the link mailed to reset it (POST /api/password-reset/confirm). */
export const resetPasswordRequest = v.object({ token: linkToken, password: passwordField });

export type LoginRequest = v.InferOutput<typeof loginRequest>;
export type DetailsRequest = v.InferOutput<typeof detailsRequest>;
export type PasswordChangeRequest = v.InferOutput<typeof passwordChangeRequest>;
export type EmailChangeRequest = v.InferOutput<typeof emailChangeRequest>;
export type DeleteAccountRequest = v.InferOutput<typeof deleteAccountRequest>;
export type ResetRequest = v.InferOutput<typeof resetRequest>;
export type ResetPasswordRequest = v.InferOutput<typeof resetPasswordRequest>;
export type RegisterRequest = v.InferOutput<typeof registerRequest>;

export const captchaRequest = v.object({
  recaptchaToken: v.pipe(v.optional(v.string(), ''), v.maxLength(4096, 'The bot check token is too long.')),
  /** The action the page asked the token for; the check refuses a token made for another. */
  action: v.optional(v.picklist(CAPTCHA_ACTIONS, 'There is no such bot check action.')),
});

/**
 * Why login or register refused, when the page acts on it (`reason` beside the `error` text): a
 * wrong username or password (`incorrect-credentials`), or a name someone has (`username-taken`).
 */
export type AuthReason = 'incorrect-credentials' | 'username-taken';

/** Answers of the auth endpoints, as the browser reads them. */
export interface TokenResponse {
  user: string;
  status?: 'Success';
}

/** A confirm or unsubscribe link's token (POST /api/email/confirm and /api/email/unsubscribe). */
export const mailLinkRequest = v.object({ token: linkToken });

/** What following a confirm link did: the address confirmed, and for an account's link, whether it still exists. */
export interface ConfirmedResponse {
  status: 'Success';
  address: string;
  account: 'verified' | 'gone' | 'none';
}

/** What following an unsubscribe link did. */
export interface UnsubscribedResponse {
  status: 'Success';
  address: string;
}

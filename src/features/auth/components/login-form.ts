// The Login/Register modal's state and actions (SPEC sections 2, 4, 8): the mode (or asking for a
// link to reset a forgotten password), the fields, their errors once Submit was pressed (the
// email's also once left), the alert or the notice, and submitting through the bot check. Opening
// the modal always starts afresh, in login mode. Loaded with the modal, never with the page: the nav
// only needs $loginOpen.
import { computed, map, onMount, task } from 'nanostores';
import { isValidEmail } from '../../../lib/email.ts';
import { ApiError, refusalReason } from '../../../platform/api-client.ts';
import { askPasswordReset, logIn, register } from '../api-client.ts';
import { BotCheckUnavailable, captchaReady, passBotCheck } from '../../../platform/captcha.ts';
import type { AuthReason } from '../schema.ts';
import { RESET_ASKED } from '../logic.ts';
import { $loginOpen } from '../store.ts';
import { setToken } from '../../../platform/session.ts';

export type LoginMode = 'login' | 'register' | 'reset';

const EMPTY_FIELDS = { username: '', password: '', firstName: '', lastName: '', email: '' };
export type LoginFields = typeof EMPTY_FIELDS;

export interface LoginForm {
  mode: LoginMode;
  fields: LoginFields;
  /** Submit was pressed in this mode: blank fields show their errors from then on. */
  attempted: boolean;
  /** The email field was left once: an invalid address shows its error from then on. */
  emailTouched: boolean;
  /** The alert above the fields: why the server refused, or why it could not be reached. */
  alert: string;
  /** What a request went on to do (a reset link asked for). */
  notice: string;
  submitting: boolean;
  /** The bot check has loaded; Submit waits for it. */
  captchaReady: boolean;
}

export const INCORRECT_CREDENTIALS = 'Incorrect user credentials.';
export const UNREACHABLE = 'Could not reach the server. Please check your connection and try again.';

/** The form as every opening finds it: login mode, nothing typed, nothing said. */
const OPENED = {
  mode: 'login',
  fields: EMPTY_FIELDS,
  attempted: false,
  emailTouched: false,
  alert: '',
  notice: '',
} as const satisfies Partial<LoginForm>;

export const $loginForm = map<LoginForm>({ ...OPENED, submitting: false, captchaReady: false });

/** What keeps the form from being sent, field by field. */
function problems({ mode, fields }: LoginForm) {
  const email = fields.email.trim();
  return {
    usernameBlank: fields.username.trim() === '',
    passwordBlank: mode !== 'reset' && fields.password === '',
    emailInvalid: mode === 'register' && email !== '' && !isValidEmail(email),
  };
}

/** The error each field shows: empty while it has none or it is too early to say. */
export const $loginErrors = computed($loginForm, (form) => {
  const { usernameBlank, passwordBlank, emailInvalid } = problems(form);
  return {
    username: form.attempted && usernameBlank ? 'Username cannot be blank.' : '',
    password: form.attempted && passwordBlank ? 'Password cannot be blank.' : '',
    email: emailInvalid && (form.emailTouched || form.attempted) ? 'Invalid Email Format' : '',
  };
});

/** Resets the form to login mode and makes sure the bot check is loading; runs on every opening. */
export function startLogin(): Promise<void> {
  $loginForm.set({ ...$loginForm.get(), ...OPENED });
  return task(() =>
    captchaReady().then(
      () => $loginForm.setKey('captchaReady', true),
      (failure: Error) => $loginForm.setKey('alert', failure.message),
    ),
  );
}

// While the modal is on the page, each opening starts afresh, before it renders.
onMount($loginForm, () =>
  $loginOpen.subscribe((open) => {
    if (open) void startLogin();
  }),
);

/** Closes the modal. */
export function closeLogin(): void {
  $loginOpen.set(false);
}

/**
 * Switches between Login, Register and the reset link, forgetting the attempt and the
 * messages but not the values typed.
 */
export function switchMode(mode: LoginMode): void {
  $loginForm.set({ ...$loginForm.get(), mode, attempted: false, alert: '', notice: '' });
}

/** Records a value typed into a field. */
export function setField(name: keyof LoginFields, value: string): void {
  $loginForm.setKey('fields', { ...$loginForm.get().fields, [name]: value });
}

/** Records that the email field was left, so an invalid address shows its error. */
export function touchEmail(): void {
  $loginForm.setKey('emailTouched', true);
}

/**
 * Sends the form when it is complete: the bot check, then login or register; success
 * starts the session and closes the modal.
 */
export async function submitLogin(): Promise<void> {
  const form = $loginForm.get();
  if (form.submitting) return;
  $loginForm.setKey('attempted', true);
  const { usernameBlank, passwordBlank, emailInvalid } = problems(form);
  if (usernameBlank || passwordBlank || emailInvalid || !form.captchaReady) return;
  $loginForm.set({ ...$loginForm.get(), submitting: true, alert: '', notice: '' });
  const said = await task(() => send(form));
  $loginForm.set({ ...$loginForm.get(), submitting: false, alert: '', notice: '', ...said });
}

/** Sends `form`; returns the alert to show, the notice, or nothing after a success (the session has started). */
async function send({ mode, fields }: LoginForm): Promise<{ alert?: string; notice?: string }> {
  const alert = await sendOrRefuse(mode, fields);
  return mode === 'reset' && alert === '' ? { notice: RESET_ASKED } : { alert };
}

async function sendOrRefuse(mode: LoginMode, fields: LoginFields): Promise<string> {
  try {
    const verdict = await passBotCheck('login');
    if (!verdict.actionApproved) return verdict.message;
    if (mode === 'reset') {
      await askPasswordReset(fields.username.trim(), verdict.botPass);
      return '';
    }
    const credentials = { username: fields.username.trim(), password: fields.password };
    const answer =
      mode === 'login'
        ? await logIn(credentials, verdict.botPass)
        : await register(
            { ...credentials, firstName: fields.firstName, lastName: fields.lastName, email: fields.email },
            verdict.botPass,
          );
    if (!answer.user) return mode === 'login' ? INCORRECT_CREDENTIALS : '';
    setToken(answer.user);
    closeLogin();
    return '';
  } catch (failure) {
    if (failure instanceof ApiError) {
      return refusalReason<AuthReason>(failure) === 'incorrect-credentials' ? INCORRECT_CREDENTIALS : failure.message;
    }
    return failure instanceof BotCheckUnavailable ? failure.message : UNREACHABLE;
  }
}

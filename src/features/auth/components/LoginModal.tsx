import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, logIn, register, verifyCaptcha } from '../api-client.ts';
import { captchaReady, captchaToken } from '../captcha.ts';
import { isValidEmail } from '../../../lib/email.ts';
import { MAX_PASSWORD_LENGTH } from '../schema.ts';
import { $loginOpen, setToken } from '../store.ts';
import CaptchaNotice from './CaptchaNotice.tsx';
import './login-modal.css';

type Mode = 'login' | 'register';
const EMPTY = { username: '', password: '', firstName: '', lastName: '', email: '' };
type Fields = typeof EMPTY;

const INCORRECT_CREDENTIALS = 'Incorrect user credentials.';
const UNREACHABLE = 'Could not reach the server. Please check your connection and try again.';

/** The Login/Register modal (SPEC section 2): verifies the bot check, then logs in or registers. */
export default function LoginModal() {
  const open = useStore($loginOpen);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const [mode, setMode] = useState<Mode>('login');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [attempted, setAttempted] = useState(false);
  const [emailTouched, setEmailTouched] = useState(false);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const [captchaIsReady, setCaptchaIsReady] = useState(false);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      // Opening always starts afresh, in login mode.
      opener.current = document.activeElement;
      setMode('login');
      setFields(EMPTY);
      setAttempted(false);
      setEmailTouched(false);
      setError('');
      element.showModal();
      // React's autoFocus runs at mount, while the dialog is still closed: focus the first field now.
      element.querySelector('input')?.focus();
      captchaReady().then(
        () => setCaptchaIsReady(true),
        (failure: Error) => setError(failure.message),
      );
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const usernameBlank = fields.username.trim() === '';
  const passwordBlank = fields.password === '';
  const emailInvalid = mode === 'register' && fields.email.trim() !== '' && !isValidEmail(fields.email.trim());
  const showEmailError = emailInvalid && (emailTouched || attempted);

  const update = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setAttempted(true);
    if (usernameBlank || passwordBlank || emailInvalid || !captchaIsReady) return;
    setLoading(true);
    setError('');
    try {
      const verdict = await verifyCaptcha(await captchaToken('login'));
      if (!verdict.actionApproved) {
        setError(verdict.message);
        return;
      }
      const credentials = { username: fields.username.trim(), password: fields.password };
      const answer =
        mode === 'login'
          ? await logIn(credentials)
          : await register({
              ...credentials,
              firstName: fields.firstName,
              lastName: fields.lastName,
              email: fields.email,
            });
      if (!answer.user) {
        setError(mode === 'login' ? INCORRECT_CREDENTIALS : '');
        return;
      }
      setToken(answer.user);
      $loginOpen.set(false);
    } catch (failure) {
      if (failure instanceof ApiError) {
        setError(mode === 'login' && failure.status === 401 ? INCORRECT_CREDENTIALS : failure.message);
      } else {
        setError(failure instanceof Error && /bot check/.test(failure.message) ? failure.message : UNREACHABLE);
      }
    } finally {
      setLoading(false);
    }
  }

  function switchMode(next: Mode) {
    setMode(next);
    setAttempted(false);
    setError('');
  }

  const invalid = (blank: boolean) => attempted && blank;
  const title = mode === 'login' ? 'Login' : 'Register';

  return (
    <dialog
      ref={dialog}
      className="modal login-dialog"
      aria-label={title}
      onClose={() => {
        $loginOpen.set(false);
        (opener.current as HTMLElement | null)?.focus?.();
      }}
    >
      <form noValidate onSubmit={submit}>
        <div className="login-header" role="group" aria-label="Login or register">
          {(['login', 'register'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="login-toggle"
              aria-pressed={mode === option}
              onClick={() => switchMode(option)}
            >
              {option === 'login' ? 'Login' : 'Register'}
            </button>
          ))}
        </div>

        <div className="login-body">
          {error && (
            <p className="login-alert" role="alert">
              {error}
            </p>
          )}
          <Field
            id={`${id}-username`}
            label="Username"
            value={fields.username}
            onChange={update('username')}
            autoComplete="username"
            error={invalid(usernameBlank) ? 'Username cannot be blank.' : ''}
          />
          <Field
            id={`${id}-password`}
            label="Password"
            type="password"
            value={fields.password}
            onChange={update('password')}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            error={invalid(passwordBlank) ? 'Password cannot be blank.' : ''}
          />
          {mode === 'register' && (
            <>
              <Field
                id={`${id}-first`}
                label="First Name"
                optional
                value={fields.firstName}
                onChange={update('firstName')}
                autoComplete="given-name"
              />
              <Field
                id={`${id}-last`}
                label="Last Name"
                optional
                value={fields.lastName}
                onChange={update('lastName')}
                autoComplete="family-name"
              />
              <Field
                id={`${id}-email`}
                label="Email"
                type="email"
                optional
                value={fields.email}
                onChange={update('email')}
                onBlur={() => setEmailTouched(true)}
                autoComplete="email"
                error={showEmailError ? 'Invalid Email Format' : ''}
              />
            </>
          )}
          <CaptchaNotice />
        </div>

        <div className="login-footer">
          <button type="button" className="button" onClick={() => $loginOpen.set(false)}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={loading || !captchaIsReady}
            aria-busy={loading}
          >
            {loading ? (
              <>
                <span className="spinner" aria-hidden="true" /> Loading...
              </>
            ) : (
              title
            )}
          </button>
        </div>
      </form>
    </dialog>
  );
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur?: () => void;
  type?: string;
  autoComplete?: string;
  optional?: boolean;
  error?: string;
}

function Field({ id, label, error = '', optional = false, ...input }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="optional"> (optional)</span>}
      </label>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        maxLength={input.type === 'password' ? MAX_PASSWORD_LENGTH : 254}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

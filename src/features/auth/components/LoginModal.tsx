import { useStore } from '@nanostores/react';
import { useId } from 'react';
import Alert from '../../../components/Alert.tsx';
import Dialog, { FormActions } from '../../../components/Dialog.tsx';
import Field from '../../../components/Field.tsx';
import {
  $loginErrors,
  $loginForm,
  type LoginFields,
  closeLogin,
  setField,
  submitLogin,
  switchMode,
  touchEmail,
} from './login-form.ts';
import { MAX_PASSWORD_LENGTH } from '../schema.ts';
import { $loginOpen } from '../store.ts';
import CaptchaNotice from '../../../components/CaptchaNotice.tsx';
// Its styles (login-modal.css) are imported by SiteLayout.astro, on every page, which
// inlines them: an island brings no CSS.

const MODES = [
  ['login', 'Login'],
  ['register', 'Register'],
] as const;

const TITLES = { login: 'Login', register: 'Register', reset: 'Reset your password' } as const;

/** The Login/Register modal (SPEC section 2): renders the login form's store (login-form.ts). */
export default function LoginModal() {
  const open = useStore($loginOpen);
  const { mode, fields, alert, notice, submitting, captchaReady } = useStore($loginForm);
  const errors = useStore($loginErrors);
  const id = useId();
  const title = TITLES[mode];

  /** The props every text field shares: its id and name, value, change handler and length limit. */
  const input = (name: keyof LoginFields, suffix: string = name) => ({
    id: `${id}-${suffix}`,
    name: `${id}-${suffix}`,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
    maxLength: name === 'password' ? MAX_PASSWORD_LENGTH : 254,
  });

  return (
    <Dialog
      id={`${id}-dialog`}
      title={title}
      className="login-dialog"
      open={open}
      onClose={closeLogin}
      onSubmit={(event) => {
        event.preventDefault();
        void submitLogin();
      }}
      header={
        <div className="login-header" role="group" aria-label="Login or register">
          {MODES.map(([option, label]) => (
            <button
              key={option}
              type="button"
              className="login-toggle"
              aria-pressed={mode === option}
              onClick={() => switchMode(option)}
            >
              {label}
            </button>
          ))}
        </div>
      }
      actions={
        <FormActions
          onCancel={closeLogin}
          submit={mode === 'reset' ? 'Send the link' : title}
          busy={submitting}
          disabled={!captchaReady}
        />
      }
    >
      <div className="login-body">
        <Alert className="login-alert">{alert}</Alert>
        {mode === 'reset' && <p>We mail a link to choose a new password to the account's verified email.</p>}
        <Field label="Username" autoComplete="username" error={errors.username} data-autofocus {...input('username')} />
        {mode !== 'reset' && (
          <Field
            label="Password"
            type="password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            error={errors.password}
            {...input('password')}
          />
        )}
        {mode === 'login' && (
          <button type="button" className="link-button login-forgot" onClick={() => switchMode('reset')}>
            Forgot your password?
          </button>
        )}
        {/* There from the mode's start, so what it comes to say is announced. */}
        {mode === 'reset' && (
          <p className="login-notice" role="status">
            {notice}
          </p>
        )}
        {mode === 'register' && (
          <>
            <Field label="First Name" optional autoComplete="given-name" {...input('firstName', 'first')} />
            <Field label="Last Name" optional autoComplete="family-name" {...input('lastName', 'last')} />
            <Field
              label="Email"
              type="email"
              optional
              autoComplete="email"
              error={errors.email}
              onBlur={touchEmail}
              {...input('email')}
            />
          </>
        )}
        <CaptchaNotice />
      </div>
    </Dialog>
  );
}

// The account card's forms: what a person changes on their own account (name, email, password) and
// its deletion, each with its one line of outcome, announced as it changes.
import { useStore } from '@nanostores/react';
import { type ReactNode, useState } from 'react';
import ConfirmDialog from '../../../components/ConfirmDialog.tsx';
import Field from '../../../components/Field.tsx';
import type { UserDetails } from '../../../lib/user-details.ts';
import { MAX_EMAIL_LENGTH } from '../../../lib/email.ts';
import { type AccountChange, $accountChanges, removeAccount, saveEmail, saveNames, savePassword } from '../store.ts';

/** One change's form: its fields, its button, and the line that says how its last submission went. */
function ChangeForm(props: {
  which: AccountChange;
  title: string;
  action: string;
  onSubmit(): void;
  children: ReactNode;
}) {
  const state = useStore($accountChanges)[props.which];
  return (
    <form
      className="account-change"
      aria-labelledby={`account-${props.which}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <h3 id={`account-${props.which}-title`}>{props.title}</h3>
      {props.children}
      <button
        type="submit"
        className={`button ${props.which === 'delete' ? 'button-danger' : 'button-primary'}`}
        disabled={state.pending}
      >
        {props.action}
      </button>
      <p role="status" className={state.failed ? 'account-failed' : undefined}>
        {state.message}
      </p>
    </form>
  );
}

export default function AccountChanges({ account }: { account: UserDetails }) {
  const [names, setNames] = useState({ firstName: account.firstName, lastName: account.lastName });
  const [email, setEmail] = useState('');
  const [passwords, setPasswords] = useState({ current: '', password: '' });
  const [deletePassword, setDeletePassword] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  return (
    <>
      <ChangeForm which="details" title="Your name" action="Save your name" onSubmit={() => void saveNames(names)}>
        <Field
          id="account-first-name"
          label="First Name"
          optional
          autoComplete="given-name"
          maxLength={50}
          value={names.firstName}
          onChange={(event) => setNames({ ...names, firstName: event.target.value })}
        />
        <Field
          id="account-last-name"
          label="Last Name"
          optional
          autoComplete="family-name"
          maxLength={50}
          value={names.lastName}
          onChange={(event) => setNames({ ...names, lastName: event.target.value })}
        />
      </ChangeForm>
      <ChangeForm
        which="email"
        title="Your email"
        action="Change your email"
        onSubmit={() => void saveEmail(email.trim())}
      >
        <Field
          id="account-new-email"
          label="New email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={MAX_EMAIL_LENGTH}
          required
          hint="It replaces your email once you follow the link we mail to it."
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </ChangeForm>
      <ChangeForm
        which="password"
        title="Your password"
        action="Change your password"
        onSubmit={() => void savePassword(passwords)}
      >
        {/* The account's name, for password managers. */}
        <input type="text" autoComplete="username" value={account.username} readOnly hidden />
        <Field
          id="account-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={passwords.current}
          onChange={(event) => setPasswords({ ...passwords, current: event.target.value })}
        />
        <Field
          id="account-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters. Every other session of your account ends."
          value={passwords.password}
          onChange={(event) => setPasswords({ ...passwords, password: event.target.value })}
        />
      </ChangeForm>
      <ChangeForm
        which="delete"
        title="Delete your account"
        action="Delete your account"
        onSubmit={() => setConfirmingDelete(true)}
      >
        <Field
          id="account-delete-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          hint="Your account, its scores, cart and order history go for good."
          value={deletePassword}
          onChange={(event) => setDeletePassword(event.target.value)}
        />
      </ChangeForm>
      {confirmingDelete && (
        <ConfirmDialog
          id="delete-account"
          title="Delete your account?"
          confirmLabel="Delete your account"
          onConfirm={() => void removeAccount(deletePassword)}
          onCancel={() => setConfirmingDelete(false)}
        >
          <p>Your account, its scores, cart and order history are deleted for good. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

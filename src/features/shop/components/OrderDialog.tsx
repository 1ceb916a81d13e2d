// The Submit Order modal: an email (pre-filled from the account), 'Invalid Email Format' while it
// is not valid, Submit disabled until it is and while the bot check loads or the order is sent.
import { useEffect, useState } from 'react';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';
import { MAX_EMAIL_LENGTH, isValidEmail } from '../../../lib/email.ts';
import { captchaReady } from '../../auth/captcha.ts';
import CaptchaNotice from '../../auth/components/CaptchaNotice.tsx';
import { INVALID_EMAIL_FORMAT } from '../schema.ts';

interface OrderDialogProps {
  defaultEmail: string;
  onSubmit(email: string): Promise<void>;
  onCancel(): void;
}

export default function OrderDialog({ defaultEmail, onSubmit, onCancel }: OrderDialogProps) {
  // Focus goes back to Submit Order when the dialog closes.
  const dialog = useModalDialog();
  const [email, setEmail] = useState(defaultEmail);
  const [sending, setSending] = useState(false);
  const [captchaIsReady, setCaptchaIsReady] = useState(false);
  const trimmed = email.trim();
  const invalid = trimmed !== '' && !isValidEmail(trimmed);
  const canSubmit = trimmed !== '' && !invalid && captchaIsReady && !sending;

  useEffect(() => {
    captchaReady().then(
      () => setCaptchaIsReady(true),
      (error: unknown) => console.error(error),
    );
  }, []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setSending(true);
    await onSubmit(trimmed);
    setSending(false);
  }

  return (
    <dialog ref={dialog} className="modal order-dialog" aria-labelledby="order-title" onClose={onCancel}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id="order-title">Submit Order</h2>
        <p>We will send the order confirmation to this address.</p>
        <div className="field">
          <label htmlFor="order-email">Email</label>
          <input
            id="order-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={MAX_EMAIL_LENGTH}
            value={email}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'order-email-error' : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {invalid && (
            <p id="order-email-error" className="field-error">
              {INVALID_EMAIL_FORMAT}
            </p>
          )}
        </div>
        <CaptchaNotice />
        <div className="order-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={!canSubmit}>
            {sending ? (
              <>
                <span className="spinner" aria-hidden="true" /> Loading...
              </>
            ) : (
              'Submit Order'
            )}
          </button>
        </div>
      </form>
    </dialog>
  );
}

// The Submit Order modal: what is ordered, with its total where the shop prices it; the pickup day,
// one of the next the farm opens (when it names any); the account's email, where the confirmation
// goes once its holder has confirmed it (read-only: the site mails no address typed here), 'Invalid
// Email Format' when it is not valid; Submit disabled until it is and while the bot check loads or
// the order is sent.
import { type SubmitEvent, useEffect, useState } from 'react';
import Dialog, { FormActions } from '../../../components/Dialog.tsx';
import Field from '../../../components/Field.tsx';
import { MAX_EMAIL_LENGTH, isValidEmail } from '../../../lib/email.ts';
import { captchaReady } from '../../../platform/captcha.ts';
import CaptchaNotice from '../../../components/CaptchaNotice.tsx';
import { SHOP_PICKUP } from '../../../content/shop/pickup.ts';
import { dateInWords } from '../../../lib/utc-day.ts';
import { pickupDays } from '../orders.ts';
import { INVALID_EMAIL_FORMAT } from '../schema.ts';

interface OrderDialogProps {
  /** The cart's summary, as the cart says it. */
  summary: string;
  defaultEmail: string;
  /** Sends the order; `pickup` is the day chosen, undefined when the farm offers none. */
  onSubmit(email: string, pickup: string | undefined): Promise<void>;
  onCancel(): void;
}

export default function OrderDialog({ summary, defaultEmail, onSubmit, onCancel }: OrderDialogProps) {
  // Focus goes back to Submit Order when the dialog closes.
  const email = defaultEmail;
  // The days as the dialog opened: the server still takes one offered a moment before.
  const [days] = useState(() => pickupDays(Date.now()));
  const [pickup, setPickup] = useState(days[0]);
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

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setSending(true);
    await onSubmit(trimmed, pickup);
    setSending(false);
  }

  return (
    <Dialog
      id="order-dialog"
      title="Submit Order"
      onClose={onCancel}
      onSubmit={(event) => void submit(event)}
      actions={<FormActions onCancel={onCancel} submit="Submit Order" busy={sending} disabled={!canSubmit} />}
    >
      <p>{summary}</p>
      {days.length > 0 && (
        <Field
          as="select"
          id="order-pickup"
          label="Pickup day"
          hint={`Collect your order at the farm that day, ${SHOP_PICKUP.hours}, and pay then.`}
          value={pickup}
          onChange={(event) => setPickup(event.currentTarget.value)}
        >
          {days.map((day) => (
            <option key={day} value={day}>
              {dateInWords(day)}
            </option>
          ))}
        </Field>
      )}
      <p>We will send the order confirmation to your account's address, once you have confirmed it.</p>
      <Field
        id="order-email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={MAX_EMAIL_LENGTH}
        value={email}
        readOnly
        error={invalid ? INVALID_EMAIL_FORMAT : ''}
      />
      <CaptchaNotice />
    </Dialog>
  );
}

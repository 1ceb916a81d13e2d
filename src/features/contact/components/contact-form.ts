// The contact form's behaviour (SPEC sections 4, 5, 8): 'Invalid Email' while the address is
// invalid, Submit enabled only when there is something valid to send, 'Loading...' while
// sending, then the success or failure toast.
import { showFieldError } from '../../../components/field.ts';
import { showToast } from '../../../components/toast.ts';
import { passBotCheck } from '../../../platform/captcha.ts';
import { sendContactMessage } from '../api-client.ts';
import { contactFormState } from '../logic.ts';

const SENT = { title: 'Success', text: 'Your message was successfully sent.', variant: 'success' } as const;
const FAILED = { title: 'Failed', text: 'There was an issue sending your message.', variant: 'failure' } as const;

/** Binds the form's validation, submit button and sending to the server. */
export function mountContactForm(form: HTMLFormElement): void {
  const field = <T extends HTMLElement>(name: string) => form.querySelector<T>(`[name="${name}"]`)!;
  const email = field<HTMLInputElement>('senderEmail');
  const subject = field<HTMLInputElement>('emailSubject');
  const message = field<HTMLTextAreaElement>('emailText');
  const count = form.querySelector<HTMLElement>('[data-message-count]')!;
  const submit = form.querySelector<HTMLButtonElement>('[type="submit"]')!;
  const idleLabel = submit.querySelector<HTMLElement>('[data-idle]')!;
  const busyLabel = submit.querySelector<HTMLElement>('[data-busy]')!;
  let loading = false;

  const fields = () => ({ email: email.value, subject: subject.value, message: message.value });

  function render(): void {
    const { emailInvalid, canSubmit } = contactFormState(fields(), loading);
    showFieldError(email, emailInvalid);
    submit.disabled = !canSubmit;
    idleLabel.hidden = loading;
    busyLabel.hidden = !loading;
    count.textContent = String(message.value.length);
  }

  form.addEventListener('input', render);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!contactFormState(fields(), loading).canSubmit) return;
    loading = true;
    render();
    try {
      const verdict = await passBotCheck('contact');
      if (!verdict.actionApproved) throw new Error(verdict.message);
      await sendContactMessage(
        { senderEmail: email.value.trim(), emailSubject: subject.value.trim(), emailText: message.value.trim() },
        verdict.botPass,
      );
      form.reset();
      showToast(SENT);
    } catch (error) {
      console.error('Sending the contact message failed:', error);
      showToast(FAILED);
    } finally {
      loading = false;
      render();
    }
  });
  render();
}

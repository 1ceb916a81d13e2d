// The page a link in the site's mail opens (/email/?confirm=…, ?unsubscribe=… or ?reset=…): it does
// what a confirm or unsubscribe link says as soon as it opens, so unsubscribing is one click, and
// says what it did; after unsubscribing, one button subscribes the address again. A reset link shows
// the form for the new password, which logs this browser in. The token leaves the address bar at once.
import { showFieldError } from '../../../components/field.ts';
import { ApiError } from '../../../platform/api-client.ts';
import { setToken } from '../../../platform/session.ts';
import { confirmAddress, resetPassword, unsubscribe } from '../api-client.ts';

const TEXT = {
  working: 'One moment...',
  /** By what the link did for an account: none was named, it is verified, it no longer exists. */
  confirmed: {
    none: (address: string) => `Thank you: ${address} is confirmed. The site may now mail it what you asked for.`,
    verified: (address: string) => `Thank you: ${address} is confirmed as your account's email.`,
    gone: (address: string) => `${address} is confirmed, but the account it was for no longer exists.`,
  },
  unsubscribed: (address: string) => `${address} will get no more mail from this site.`,
  noLink: 'This page follows the links in mail from this site. Open it from the link in your mail.',
  reset: 'Choose a new password for your account.',
  resetDone: 'Your new password is set, and you are logged in. Every other session of your account has ended.',
  failed: 'Something went wrong. Please check your connection and open the link again.',
} as const;

/** Follows the link the page was opened with and shows the outcome in `root` (its [data-email-text]). */
export function mountEmailLink(root: HTMLElement): Promise<void> {
  const text = root.querySelector<HTMLElement>('[data-email-text]')!;
  const again = root.querySelector<HTMLButtonElement>('[data-email-again]')!;
  const params = new URLSearchParams(window.location.search);
  const action = (['unsubscribe', 'reset', 'confirm'] as const).find((name) => params.has(name)) ?? 'confirm';
  const token = params.get(action);
  if (!token) {
    text.textContent = TEXT.noLink;
    return Promise.resolve();
  }
  history.replaceState(null, '', window.location.pathname);
  const say = (message: string) => {
    text.textContent = message;
  };
  if (action === 'reset') {
    mountReset(root.querySelector<HTMLFormElement>('[data-email-reset]')!, token, say);
    return Promise.resolve();
  }
  const follow = async (confirm: boolean) => {
    say(TEXT.working);
    again.hidden = true;
    try {
      if (!confirm) {
        say(TEXT.unsubscribed((await unsubscribe(token)).address));
        again.hidden = false;
        return;
      }
      const { address, account } = await confirmAddress(token);
      say(TEXT.confirmed[account](address));
    } catch (error) {
      say(error instanceof ApiError ? error.message : TEXT.failed);
    }
  };
  again.addEventListener('click', () => void follow(true));
  return follow(action === 'confirm');
}

/** The new password's form of a reset link: sent once valid; then the session starts here. */
function mountReset(form: HTMLFormElement, token: string, say: (message: string) => void): void {
  const password = form.querySelector<HTMLInputElement>('[name="password"]')!;
  const submit = form.querySelector<HTMLButtonElement>('[type="submit"]')!;
  form.hidden = false;
  say(TEXT.reset);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    // Its minimum is the page's (email.astro, from the schema): valibot stays out of the site's script.
    const tooShort = password.value.length < password.minLength;
    showFieldError(password, tooShort);
    if (tooShort || submit.disabled) return;
    submit.disabled = true;
    try {
      setToken((await resetPassword(token, password.value)).user);
      form.hidden = true;
      say(TEXT.resetDone);
    } catch (error) {
      say(error instanceof ApiError ? error.message : TEXT.failed);
    } finally {
      submit.disabled = false;
    }
  });
}

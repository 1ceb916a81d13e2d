// The page a link in the site's mail opens (/email/?confirm=… or ?unsubscribe=…): it does what the
// link says as soon as it opens, so unsubscribing is one click, and says what it did. After
// unsubscribing, one button subscribes the address again. The token leaves the address bar at once.
import { ApiError } from '../../../platform/api-client.ts';
import { confirmAddress, unsubscribe } from '../api-client.ts';

const TEXT = {
  working: 'One moment...',
  confirmed: (address: string) => `Thank you: ${address} is confirmed. The site may now mail it what you asked for.`,
  verified: (address: string) => `Thank you: ${address} is confirmed as your account's email.`,
  gone: (address: string) => `${address} is confirmed, but the account it was for no longer exists.`,
  unsubscribed: (address: string) => `${address} will get no more mail from this site.`,
  noLink: 'This page follows the links in mail from this site. Open it from the link in your mail.',
  failed: 'Something went wrong. Please check your connection and open the link again.',
} as const;

/** Follows the link the page was opened with and shows the outcome in `root` (its [data-email-text]). */
export function mountEmailLink(root: HTMLElement): Promise<void> {
  const text = root.querySelector<HTMLElement>('[data-email-text]')!;
  const again = root.querySelector<HTMLButtonElement>('[data-email-again]')!;
  const params = new URLSearchParams(window.location.search);
  const [action, token] = params.has('unsubscribe')
    ? (['unsubscribe', params.get('unsubscribe')] as const)
    : (['confirm', params.get('confirm')] as const);
  if (!token) {
    text.textContent = TEXT.noLink;
    return Promise.resolve();
  }
  history.replaceState(null, '', window.location.pathname);
  const say = (message: string) => {
    text.textContent = message;
  };
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
      say(
        account === 'verified'
          ? TEXT.verified(address)
          : account === 'gone'
            ? TEXT.gone(address)
            : TEXT.confirmed(address),
      );
    } catch (error) {
      say(error instanceof ApiError ? error.message : TEXT.failed);
    }
  };
  again.addEventListener('click', () => void follow(true));
  return follow(action === 'confirm');
}

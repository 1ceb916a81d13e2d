// Toasts: a short titled notice at the top centre that hides itself. Screen readers hear it
// through the page's live region (Toast.astro); failures are announced as alerts. It stays while
// hovered or focused, so nobody loses a message they are reading (WCAG 2.2.1).

export type ToastVariant = 'success' | 'failure' | 'info';

export interface ToastOptions {
  title: string;
  text: string;
  variant: ToastVariant;
  /** How long it shows, in ms (SPEC section 9: 5000 unless a feature says otherwise). */
  duration?: number;
}

export const DEFAULT_TOAST_MS = 5000;

/** Shows a toast in the page's toast region; returns a function that dismisses it early. */
export function showToast({ title, text, variant, duration = DEFAULT_TOAST_MS }: ToastOptions): () => void {
  const region = document.querySelector<HTMLElement>('[data-toast-region]');
  if (!region) throw new Error('showToast needs <Toast /> on the page.');

  const toast = document.createElement('div');
  toast.className = `toast toast-${variant}`;
  if (variant === 'failure') toast.setAttribute('role', 'alert');
  const heading = document.createElement('strong');
  heading.className = 'toast-title';
  heading.textContent = title;
  const body = document.createElement('p');
  body.className = 'toast-text';
  body.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  toast.append(heading, body, close);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const dismiss = () => {
    clearTimeout(timer);
    toast.remove();
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(dismiss, duration);
  };
  const held = () => toast.matches(':hover') || toast.contains(document.activeElement);
  close.addEventListener('click', dismiss);
  toast.addEventListener('mouseenter', () => clearTimeout(timer));
  toast.addEventListener('focusin', () => clearTimeout(timer));
  toast.addEventListener('mouseleave', () => held() || schedule());
  toast.addEventListener('focusout', () => setTimeout(() => held() || schedule()));

  region.append(toast);
  schedule();
  return dismiss;
}

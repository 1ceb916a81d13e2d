import { createRoot } from 'react-dom/client';
import LoginModal from './LoginModal.tsx';

let mounted = false;

/** Renders the login modal once, into its own container at the end of the body. */
export function mountLoginModal(): void {
  if (mounted) return;
  mounted = true;
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(<LoginModal />);
}

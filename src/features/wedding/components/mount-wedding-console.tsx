import { createRoot } from 'react-dom/client';
import WeddingConsole from './WeddingConsole.tsx';

/** Renders the wedding console into `container`. */
export function mountWeddingConsole(container: Element): void {
  createRoot(container).render(<WeddingConsole />);
}

import { createRoot } from 'react-dom/client';
import WordGame from './WordGame.tsx';

/** Renders the word game into `container`. */
export function mountWordGame(container: Element): void {
  createRoot(container).render(<WordGame />);
}

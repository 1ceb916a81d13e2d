import { createRoot } from 'react-dom/client';
import Forum from './Forum.tsx';

/** Renders the forum into `container`. */
export function mountForum(container: Element): void {
  createRoot(container).render(<Forum />);
}

import { createRoot } from 'react-dom/client';
import Dashboard from './Dashboard.tsx';

/** Renders the dashboard into `container`. */
export function mountDashboard(container: Element): void {
  createRoot(container).render(<Dashboard />);
}

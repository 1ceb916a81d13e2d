// Where the dashboard's island comes to life (Dashboard.tsx, on its page).
import { mountPoint } from '../../components/mount-point.ts';

export const DASHBOARD = mountPoint('data-dashboard');

// The console's spec actions.
import { apiRequest } from '../../../platform/api-client.ts';
import type { AdminResponse } from './schema.ts';

/** Runs one of the console's spec actions. */
export const runAdminAction = (action: string) => apiRequest<AdminResponse>(`scheduling/${action}`, { method: 'POST' });

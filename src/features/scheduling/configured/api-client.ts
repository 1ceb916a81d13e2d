import { apiRequest } from '../../../platform/api-client.ts';
import type { AdminResponse } from './schema.ts';

/** Runs one of the console's spec actions. */
export function runAdminAction(action: string) {
  return apiRequest<AdminResponse>(`scheduling/${action}`, { method: 'POST' });
}

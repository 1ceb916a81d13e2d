/** What each console action answers (SPEC section 7). */
export interface AdminResponse {
  status: 'Success' | 'Failed';
  created?: number;
  deleted?: number;
  message?: string;
  error?: string;
}

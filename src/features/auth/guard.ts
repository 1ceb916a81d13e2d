import { decideAccess } from './logic.ts';
import { $token, $user } from './store.ts';

/** Sends the visitor to /unauthorized unless the session may see a page needing `level`. */
export function guardRoute(level?: number): boolean {
  const allowed = decideAccess($token.get(), $user.get(), level) === 'allowed';
  if (!allowed) window.location.replace('/unauthorized');
  return allowed;
}

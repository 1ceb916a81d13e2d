import type { Context } from '@netlify/functions';

/** Returns the visitor's address: Netlify's verified one, never a client-supplied header. */
export function clientAddress(req: Request, context: Context | undefined): string {
  // x-nf-client-connection-ip is set by Netlify's edge (and by scripts/site-server.ts); the
  // fallback lets tests that call functions directly choose an address.
  return context?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown';
}

import type { Config } from '@netlify/functions';
import { features } from '../../src/content/site.config.ts';
import { deleteExpiredPolls } from '../../src/features/scheduling/organising/service.server.ts';

/** Deletes the made polls kept past their day (poll/logic.ts keptUntil), every day at 00:00 UTC. */
export default async function expirePolls(): Promise<Response> {
  // Netlify calls it with no caller and no route of its own.
  if (!features.scheduling) return new Response(null, { status: 204 });
  console.log(`Made polls past their keeping: ${await deleteExpiredPolls()} deleted.`);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '@daily' };

import type { Config } from '@netlify/functions';
import { features } from '../../src/content/site.config.ts';
import { tellDeadlines } from '../../src/features/scheduling/mail/service.server.ts';
import { siteAddress } from '../../src/server/settings.ts';

/** Tells each organiser whose poll's deadline has passed that voting has closed, by mail (every hour). */
export default async function deadlines(req: Request): Promise<Response> {
  // Netlify calls it with no caller and no route of its own.
  if (!features.scheduling) return new Response(null, { status: 204 });
  console.log(`Poll deadlines: ${await tellDeadlines(siteAddress(req))} organiser(s) told.`);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '@hourly' };

import type { Config } from '@netlify/functions';
import { features } from '../../src/content/site.config.ts';
import { sendDigests } from '../../src/features/forum/service.server.ts';
import { siteAddress } from '../../src/server/settings.ts';

/** Mails each member who asked for one their forum notifications since the day before (every day at 00:00 UTC). */
export default async function dailyDigest(req: Request): Promise<Response> {
  // Netlify calls it with no caller and no route of its own.
  if (!features.forum) return new Response(null, { status: 204 });
  const { mailed } = await sendDigests(siteAddress(req));
  console.log(`Forum digests: ${mailed} mailed.`);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '@daily' };

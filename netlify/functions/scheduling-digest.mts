import type { Config } from '@netlify/functions';
import { features } from '../../src/content/site.config.ts';
import { siteAddress } from '../../src/server/settings.ts';
import { sendPollDigests } from '../../src/features/scheduling/mail/service.server.ts';

/** Mails each organiser who asked for one their polls' new answers since the day before (every day at 00:00 UTC). */
export default async function dailyDigest(req: Request): Promise<Response> {
  // Netlify calls it with no caller and no route of its own.
  if (!features.scheduling) return new Response(null, { status: 204 });
  const { mailed, waiting } = await sendPollDigests(siteAddress(req));
  console.log(`Poll digests: ${mailed} mailed, ${waiting} left over the day's poll mail.`);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '@daily' };

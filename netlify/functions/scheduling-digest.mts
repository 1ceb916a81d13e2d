import type { Config } from '@netlify/functions';
import { features } from '../../src/content/site.config.ts';
import { siteAddress } from '../../src/features/scheduling/poll/service.server.ts';
import { sendPollDigests } from '../../src/features/scheduling/mail/service.server.ts';

/**
 * Mails each organiser who asked for one their polls' new answers since the day before: Netlify
 * calls it at 00:00 UTC, with no caller and no route; switched off with the scheduling polls.
 */
export default async function dailyDigest(req: Request): Promise<Response> {
  if (!features.scheduling) return new Response(null, { status: 204 });
  const { mailed, waiting } = await sendPollDigests(siteAddress(req));
  console.log(`Poll digests: ${mailed} mailed, ${waiting} left over the day's poll mail.`);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '@daily' };

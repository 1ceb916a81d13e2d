import type { Config } from '@netlify/functions';
import { dailyDigestJob } from '../../src/features/scheduling/endpoints.server.ts';

/** Mails each organiser who asked for one their polls' new answers since the day before (every day at 00:00 UTC). */
export default dailyDigestJob;

export const config: Config = { schedule: '@daily' };

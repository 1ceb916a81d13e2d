import type { Config } from '@netlify/functions';
import { pollSettingsEndpoint } from '../../src/features/scheduling/endpoints.server.ts';

/** Switches a poll's comments or its organiser's daily digest on or off (its organiser, or clearance 3). */
export default pollSettingsEndpoint;

export const config: Config = { path: '/api/scheduling/poll-settings' };

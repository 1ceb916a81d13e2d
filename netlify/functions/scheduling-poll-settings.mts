import type { Config } from '@netlify/functions';
import { endpoint } from '../../src/server/http.ts';
import { pollSettingsRequest } from '../../src/features/scheduling/organising/schema.ts';
import { changeSettings } from '../../src/features/scheduling/organising/service.server.ts';

/**
 * Switches a poll's comments, its organiser's daily digest or the hiding of its voters' names on or off, or sets the
 * deadline its votes close at by themselves (its organiser, or clearance 3).
 */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: 'session',
  body: pollSettingsRequest,
  handle: async ({ body, caller }) => {
    await changeSettings(caller, body);
    return { status: 'Success' };
  },
});

export const config: Config = { path: '/api/scheduling/poll-settings' };

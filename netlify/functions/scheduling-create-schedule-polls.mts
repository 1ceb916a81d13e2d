import type { Config } from '@netlify/functions';
import { CLEARANCE } from '../../src/lib/user-details.ts';
import { endpoint, json } from '../../src/server/http.ts';
import { createSchedulePolls } from '../../src/features/scheduling/configured/service.server.ts';

/** The console's create-schedule-polls action (clearance 3). */
export default endpoint({
  method: 'POST',
  feature: 'scheduling',
  access: { clearance: CLEARANCE.console },
  handle: async ({ caller }) => {
    const outcome = await createSchedulePolls(caller);
    return outcome.error ? json({ status: 'Failed', ...outcome }, 409) : { status: 'Success', ...outcome };
  },
});

export const config: Config = { path: '/api/scheduling/create-schedule-polls' };

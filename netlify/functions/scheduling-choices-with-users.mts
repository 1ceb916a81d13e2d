import type { Config } from '@netlify/functions';
import { pollReadEndpoint } from '../../src/features/scheduling/endpoints.server.ts';
import { choicesWithUsers } from '../../src/features/scheduling/service.server.ts';

/** Lists who chose which time slot of a poll. */
export default pollReadEndpoint(choicesWithUsers);

export const config: Config = { path: '/api/scheduling/choices-with-users/:pollId' };

// The scheduling functions' shared shapes: each file in netlify/functions names its route and
// picks one of these, so the rules live here once.
import { clientAddress } from '../../server/client.ts';
import {
  type EndpointInput,
  endpoint,
  json,
  lastPathSegment,
  optionalUser,
  requirePermission,
} from '../../server/http.ts';
import { canAdminister } from '../../lib/policy.ts';
import { type ChoiceRequest, type DateChoiceRequest, choiceRequest, dateChoiceRequest } from './schema.ts';
import { ADMIN_ACTIONS, type AdminAction, type PollKind, changeChoice, choicesOf } from './service.server.ts';

/** GET …/:pollId answering what `read` finds for the poll. */
export const pollReadEndpoint = (read: (pollId: string) => Promise<unknown>) =>
  endpoint({ method: 'GET', handle: ({ req }) => read(lastPathSegment(req)) });

/** GET …/:pollId?username= answering the voter's chosen option ids. */
export const voterChoicesEndpoint = (kind: PollKind) =>
  endpoint({
    method: 'GET',
    handle: ({ req }) => choicesOf(kind, lastPathSegment(req), new URL(req.url).searchParams.get('username') ?? ''),
  });

type ChoiceBody = ChoiceRequest | DateChoiceRequest;

/** POST add or remove one vote, as the token's user or an anonymous name. */
export function changeChoiceEndpoint(kind: PollKind, change: 'add' | 'remove') {
  const handle = async ({ req, context, body }: EndpointInput<ChoiceBody>) =>
    changeChoice(
      {
        kind,
        change,
        pollId: body.pollId,
        username: body.username,
        claimSecret: body.claimSecret,
        optionId: 'date' in body ? body.date : body.scheduleItemId,
      },
      await optionalUser(req),
      clientAddress(req, context),
    );
  return kind === 'date'
    ? endpoint({ method: 'POST', body: dateChoiceRequest, handle })
    : endpoint({ method: 'POST', body: choiceRequest, handle });
}

/** POST one console action (clearance 3); a refused action answers 409 with its reason. */
export const adminEndpoint = (action: AdminAction) =>
  endpoint({
    method: 'POST',
    handle: async ({ req }) => {
      const admin = await requirePermission(req, canAdminister);
      const result = await ADMIN_ACTIONS[action](admin);
      return json(result, result.status === 'Success' ? 200 : 409);
    },
  });

// The catalogues the configured polls may offer (the schedule items, the reunion dates): the
// console's actions fill and drop them, each in one script within the admin's limit.
import { type Admin, commandsAsAdmin, runAsAdmin } from '../../../server/admin-limit.ts';
import type { Write } from '../../../server/rate-limit.ts';
import type { CreatedPoll } from '../poll/schema.ts';
import { schedulingKeys } from '../poll/keys.server.ts';
import * as scripts from './scripts.server.ts';

type Catalogue = 'items' | 'dates';

/** Adds the missing catalogue entries and (with `poll`) stores the poll offering them; answers how many were new. */
export async function addToCatalogue(
  admin: Admin,
  catalogue: Catalogue,
  entries: [id: string, value: string][],
  poll?: CreatedPoll,
): Promise<number> {
  if (entries.length === 0) return 0;
  const commands: Write[] = entries.map(([id, value]) => ['HSETNX', schedulingKeys[catalogue](), id, value]);
  if (poll) {
    const { id, ...definition } = poll;
    commands.push(['SADD', schedulingKeys.offered(id), ...entries.map(([entry]) => entry)]);
    commands.push(['HSET', schedulingKeys.polls(), id, JSON.stringify(definition)]);
  }
  const replies = await commandsAsAdmin(admin, commands);
  return replies.slice(0, entries.length).reduce((sum, added) => sum + Number(added), 0);
}

/** Marks the store as given the configured catalogues; answers false when it already was. */
export async function claimFirstConfiguration(admin: Admin): Promise<boolean> {
  const [claimed] = await commandsAsAdmin(admin, [
    ['HSETNX', schedulingKeys.configured(), 'at', new Date().toISOString()],
  ]);
  return claimed === 1;
}

export function offerExisting(admin: Admin, catalogue: Catalogue, polls: readonly CreatedPoll[]) {
  return runAsAdmin(
    admin,
    scripts.offerExisting,
    {
      catalogue: schedulingKeys[catalogue](),
      polls: schedulingKeys.polls(),
      offered: polls.map(({ id }) => schedulingKeys.offered(id)),
      states: polls.map(({ id }) => schedulingKeys.state(id)),
    },
    {
      polls: polls.map(({ id, ...definition }) => ({
        id,
        definition: JSON.stringify(definition),
        options: definition.options.map((option) => option.id),
      })),
    },
  );
}

export function dropCatalogue(admin: Admin, catalogue: Catalogue, pollIds: string[]) {
  return runAsAdmin(
    admin,
    scripts.dropCatalogue,
    {
      catalogue: schedulingKeys[catalogue](),
      offered: pollIds.map((pollId) => schedulingKeys.offered(pollId)),
      votes: pollIds.map((pollId) => schedulingKeys.votes(pollId)),
      people: pollIds.map((pollId) => schedulingKeys.people(pollId)),
      states: pollIds.map((pollId) => schedulingKeys.state(pollId)),
    },
    {},
  );
}

/** Takes everything the polls offer out of them, with the votes; answers how many options that was. */
export async function dropOffered(admin: Admin, pollIds: string[]): Promise<number> {
  // Every vote is for an offered option (options leave with their votes), so the votes go whole,
  // and with them the poll's people (a voter is someone with a vote).
  const replies = await commandsAsAdmin(
    admin,
    pollIds.flatMap((pollId): Write[] => [
      ['SCARD', schedulingKeys.offered(pollId)],
      ['DEL', schedulingKeys.offered(pollId)],
      ['DEL', schedulingKeys.votes(pollId)],
      ['DEL', schedulingKeys.people(pollId)],
      ['HINCRBY', schedulingKeys.state(pollId), 'version', 1],
    ]),
  );
  return replies.filter((_, index) => index % 5 === 0).reduce((sum, count) => sum + count, 0);
}

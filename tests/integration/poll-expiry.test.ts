// Made polls do not pile up: the daily run deletes each, with its votes, comments and addresses,
// POLL_KEPT_DAYS after its last date (or the date its organiser picked). The file has a store of
// its own: the run deletes every poll past its day, other suites' too.
import { describe, expect, it } from 'vitest';
import addChoice from '../../netlify/functions/scheduling-add-choice.mts';
import comment from '../../netlify/functions/scheduling-comment.mts';
import createPollHandler from '../../netlify/functions/scheduling-create-poll.mts';
import expireJob from '../../netlify/functions/scheduling-expire.mts';
import finalisePoll from '../../netlify/functions/scheduling-finalise-poll.mts';
import myPolls from '../../netlify/functions/scheduling-my-polls.mts';
import { deleteExpiredPolls } from '../../src/features/scheduling/organising/service.server.ts';
import { POLL_KEPT_DAYS, keptUntil } from '../../src/features/scheduling/poll/logic.ts';
import { schedulingKeys } from '../../src/features/scheduling/poll/keys.server.ts';
import type { CreatedPoll } from '../../src/features/scheduling/poll/schema.ts';
import { redis } from '../../src/server/redis.ts';
import { features } from '../site-config.ts';
import { newPollForm, tokenFor } from './fakes.ts';
import { useOwnStore } from './functions.ts';
import { call, uniqueName } from './request.ts';

useOwnStore();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const dayAfter = (day: string, days: number) => Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;

async function madePoll(token: string, days: { date: string; slots: string[] }[]): Promise<CreatedPoll> {
  const { status, body } = await call(createPollHandler, { token, body: newPollForm({ days }) });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.poll as CreatedPoll;
}

const keysOf = (pollId: string) => [
  schedulingKeys.offered(pollId),
  schedulingKeys.votes(pollId),
  schedulingKeys.people(pollId),
  schedulingKeys.claims(pollId),
  schedulingKeys.comments(pollId),
  schedulingKeys.notified(pollId),
];

describe.skipIf(!features.scheduling)('made polls past their keeping', () => {
  it(`are deleted ${POLL_KEPT_DAYS} days after their last date, or the picked one's; the organiser's list says when`, async () => {
    const token = await tokenFor(uniqueName('organiser'), 1);
    const soon = await madePoll(token, [
      { date: inDays(5), slots: ['19:00'] },
      { date: inDays(40), slots: ['19:00'] },
    ]);
    const later = await madePoll(token, [{ date: inDays(20), slots: ['19:00'] }]);
    const guest = `anon_${uniqueName('Guest')}`;
    await call(addChoice, { body: { pollId: soon.id, scheduleItemId: soon.options[0]!.id, username: guest } });
    await call(comment, { token, body: { pollId: soon.id, text: 'See you there.', name: '' } });
    // Picked: kept from the picked option's date, not the last one's.
    await call(finalisePoll, { token, body: { pollId: soon.id, optionId: soon.options[0]!.id } });
    expect(keptUntil({ ...soon, final: soon.options[0]!.id })).toBe(
      new Date(dayAfter(inDays(5), POLL_KEPT_DAYS)).toISOString().slice(0, 10),
    );
    const listed = (await call(myPolls, { method: 'GET', token })).body.polls as CreatedPoll[];
    expect(listed.map((poll) => [poll.id, keptUntil(poll)])).toEqual(
      expect.arrayContaining([[soon.id, keptUntil({ ...soon, final: soon.options[0]!.id })]]),
    );

    // The day before, nothing goes; on the day, the decided poll goes whole, the later one stays.
    const day = keptUntil({ ...soon, final: soon.options[0]!.id });
    expect(await deleteExpiredPolls(dayAfter(day, -1))).toBe(0);
    expect(await redis().exists(...keysOf(soon.id))).toBeGreaterThan(0);
    expect(await deleteExpiredPolls(dayAfter(day, 0))).toBe(1);
    expect(await redis().exists(...keysOf(soon.id))).toBe(0);
    // Its version stays a day, raised, so a page still open sees the poll go.
    expect(await redis().ttl(schedulingKeys.state(soon.id))).toBeGreaterThan(0);
    expect(await redis().hexists(schedulingKeys.polls(), soon.id)).toBe(0);
    expect(await redis().hexists(schedulingKeys.finals(), soon.id)).toBe(0);
    expect(await redis().zscore(schedulingKeys.pollIndex(), soon.id)).toBeNull();
    expect(await redis().hexists(schedulingKeys.polls(), later.id)).toBe(1);
    // Undecided: kept from its last date.
    expect(await deleteExpiredPolls(dayAfter(inDays(20), POLL_KEPT_DAYS - 1))).toBe(0);
    expect(await deleteExpiredPolls(dayAfter(inDays(20), POLL_KEPT_DAYS))).toBe(1);
    // The scheduled function runs today: nothing of today's is past its day.
    expect((await expireJob()).status).toBe(204);
  });
});

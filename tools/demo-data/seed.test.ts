// The demo data: a fresh store gets all of it; a used one keeps its own data and only gets the
// demo poll back when it lacks it (its page is one of the public routes the audit opens).
import { describe, expect, it } from 'vitest';
import { listMessages } from '../../src/features/forum/service.server.ts';
import { readPoll } from '../../src/features/scheduling/poll/repo.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { pollVotes } from '../../src/features/scheduling/voting/repo.server.ts';
import { redis } from '../../src/server/redis.ts';
import { useOwnStore } from '../../tests/integration/functions.ts';
import { features } from '../../tests/site-config.ts';
import { DEMO_POLL_ID, seedDemoData } from './seed.ts';
import { schedulingKeys } from '../../src/features/scheduling/poll/keys.server.ts';

useOwnStore();

describe('seedDemoData', () => {
  it('fills a fresh store, and gives a used one the demo poll only when it lacks it', async () => {
    expect(await seedDemoData()).toBe(true);
    expect((await readPoll(DEMO_POLL_ID))?.poll.title).toBe('Board game night');
    expect(await pollVotes(DEMO_POLL_ID)).toHaveLength(4);
    // The forum's first conversation (where the forum is on): a message with a reply, each with a reaction.
    const forum = (await listMessages(OPERATOR)).messages;
    expect(forum).toHaveLength(features.forum ? 1 : 0);
    if (features.forum) {
      expect(forum[0]).toMatchObject({ user: { username: 'demo_member' }, replyCount: 1, reactions: { hooray: 1 } });
      expect(forum[0]?.replies?.[0]).toMatchObject({ user: { username: 'demo_admin' }, reactions: { 'thumbs-up': 1 } });
    }

    expect(await seedDemoData()).toBe(false);
    expect(await pollVotes(DEMO_POLL_ID)).toHaveLength(4); // not seeded twice
    expect((await listMessages(OPERATOR)).messages).toHaveLength(features.forum ? 1 : 0);

    await redis().hdel(schedulingKeys.polls(), DEMO_POLL_ID);
    await redis().del(
      schedulingKeys.votes(DEMO_POLL_ID),
      schedulingKeys.claims(DEMO_POLL_ID),
      schedulingKeys.people(DEMO_POLL_ID),
    );
    expect(await seedDemoData()).toBe(false);
    expect((await readPoll(DEMO_POLL_ID))?.poll.options).toHaveLength(7);
    expect(await pollVotes(DEMO_POLL_ID)).toHaveLength(4);
  });
});

// What Netlify's edge does in front of the functions, through the local production-like server,
// which applies it as the edge does (scripts/edge-emulation.ts): each public read and each
// member's call without a limit of its own in the store has a per-address rate limit
// (`config.rateLimit`), and a poll's public reads are shared through the CDN cache while a change
// still shows within a few seconds.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@netlify/functions';
import { configuredPollItems } from '../../src/features/scheduling/configured/logic.ts';
import { type SiteServer, startSiteServer } from '../../scripts/site-server.ts';
import { seedSchedulingPolls } from '../../tools/demo-data/seed.ts';
import { features } from '../site-config.ts';
import { FUNCTIONS, loadEndpoints, useOwnStore } from './functions.ts';
import { uniqueName } from './request.ts';

// The functions each kind of edge limit covers: the public reads, and a member's cart, orders and
// scores, and their polls and a poll's voters (everything else is limited in the store, per address or per
// account, or is the console's).
const PUBLIC_READS =
  /^(health|chatbot-quota|poll-get-all-votes|wedding-rsvp-read|scheduling-(poll|poll-answers|poll-comments|poll-version|poll-calendar|schedule-items|available-dates|(date-)?choices-with-users|user-(date-)?choices))\.mts$/;
const MEMBER_CALLS =
  /^(shop-(create-cart-item|update-item-quantity|delete-item|clear-cart|get-cart-items|orders)|word-game-(score|all-scores)|scheduling-(my-polls|poll-voters))\.mts$/;

useOwnStore(seedSchedulingPolls);

const configOf = async (name: string) =>
  ((await import(join(FUNCTIONS, name.endsWith('.mts') ? name : `${name}.mts`))) as { config: Config }).config;

describe('the edge’s limits', () => {
  it('hold every public read to 300 calls a minute per address, and a member’s cart, orders and scores to 120', async () => {
    const names = (await loadEndpoints()).map((endpoint) => endpoint.name);
    const limited = { reads: 0, member: 0 };
    for (const name of names) {
      const { rateLimit } = await configOf(name);
      const expected = PUBLIC_READS.test(name) ? 300 : MEMBER_CALLS.test(name) ? 120 : undefined;
      if (expected === undefined) continue;
      expect(rateLimit, name).toEqual({ windowLimit: expected, windowSize: 60, aggregateBy: ['ip', 'domain'] });
      limited[expected === 300 ? 'reads' : 'member'] += 1;
    }
    expect(limited).toEqual({ reads: 15, member: 10 });
  });
});

// Through the scheduling polls' reads and votes: with that feature switched off they answer 404.
describe.skipIf(!features.scheduling)('through the local server', () => {
  let server: SiteServer;
  beforeAll(async () => {
    server = await startSiteServer({ root: join(FUNCTIONS, '../..') });
  }, 60_000);
  afterAll(() => server?.close());

  const get = (path: string) => fetch(server.url + path);
  const item = () => configuredPollItems('defense')[0]!._id;

  it('refuses a public read over its limit with 429, without reaching the function', async () => {
    const { rateLimit } = await configOf('scheduling-poll-calendar');
    const answers = await Promise.all(
      Array.from({ length: rateLimit!.windowLimit + 1 }, () => get('/api/scheduling/poll-calendar/defense')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(rateLimit!.windowLimit); // no decision yet
  });

  it('shares a poll’s answers through the CDN, and still shows a vote within a few seconds', async () => {
    const version = async () =>
      ((await (await get('/api/scheduling/poll-version/defense')).json()) as { version: number }).version;
    const answersAt = async (at: number) => {
      const answer = await get(`/api/scheduling/poll-answers/defense?v=${at}`);
      return {
        status: answer.headers.get('cache-status'),
        voters: ((await answer.json()) as { user: { username: string } }[]).map((vote) => vote.user.username),
      };
    };
    const before = await version();
    const first = await answersAt(before);
    expect(first.status).toMatch(/fwd=miss; stored/);
    expect((await answersAt(before)).status).toMatch(/; hit$/);
    // Asked at a version still to come, an answer is not kept: nobody can park an old one there.
    expect((await get(`/api/scheduling/poll-answers/defense?v=${before + 1}`)).headers.get('cache-status')).toBe(
      '"Netlify Edge"; fwd=miss',
    );

    const username = `anon_${uniqueName('Edge')}`;
    const voted = await fetch(`${server.url}/api/scheduling/vote`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pollId: 'defense', optionId: item(), username, answer: 'yes' }),
    });
    expect(voted.status, await voted.clone().text()).toBe(200);
    const started = Date.now();
    await expect.poll(version, { interval: 250, timeout: 5000 }).toBeGreaterThan(before);
    const seenAfter = Date.now() - started;
    expect(seenAfter).toBeLessThan(3500); // fresh for 1 s, then 2 s more at most while it refreshes
    expect((await answersAt(await version())).voters).toContain(username);
    console.info(`a vote's new version was seen after ${seenAfter} ms`);
  });
});

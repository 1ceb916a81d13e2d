// A feature the owner switched off has no endpoints: with every feature but the poll and the word game
// off in the config, each function of theirs answers 404 with the switched-off message to its own
// method, on any spelling of its path, before it reads a token, a body or the store
// (src/server/http.ts); the other features' functions answer as ever.
import { describe, expect, it, vi } from 'vitest';
import { features } from '../../src/content/site.config.ts';
import { FEATURES, featureOf } from '../../src/lib/features.ts';
import { SWITCHED_OFF } from '../../src/server/http.ts';
import { tokenFor } from './fakes.ts';
import { type Endpoint, loadEndpoints } from './functions.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';

vi.mock('../../src/content/site.config.ts', async (importOriginal) => {
  const config = await importOriginal<typeof import('../../src/content/site.config.ts')>();
  const { FEATURES: all } = await import('../../src/lib/features.ts');
  const on = ['poll', 'wordGame'];
  return { ...config, features: Object.fromEntries(all.map((feature) => [feature, on.includes(feature)])) };
});

const endpoints = await loadEndpoints();
/** A function's own path, each parameter filled in. */
const pathOf = (endpoint: Endpoint) => endpoint.path.replace(/:\w+/g, 'x');
const off = endpoints.filter((endpoint) => endpoint.feature && !features[endpoint.feature]);
/** The same path as a request may spell it: upper case, with a trailing slash. */
const respelled = (path: string) => `${path.toUpperCase()}/`;
const switchedOff = { status: 404, body: { error: SWITCHED_OFF, code: 'not_found' } };

describe('every endpoint', () => {
  it.each(endpoints.map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s declares the feature its path belongs to',
    (_name, endpoint) => {
      expect(endpoint.feature).toBe(featureOf(endpoint.path));
    },
  );
});

describe('with every feature but the poll and the word game switched off', () => {
  it('reads the config as this file set it', () => {
    expect(FEATURES.filter((feature) => !features[feature])).toEqual([
      'shop',
      'chatbot',
      'forum',
      'scheduling',
      'wedding',
      'blog',
    ]);
    // Every switched-off feature with an API has functions the switch leaves out (the blog has none).
    expect(new Set(off.map((endpoint) => endpoint.feature)).size).toBe(5);
  });

  it.each(off.map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s answers 404, switched off, to its own method and a member’s valid-looking request, on its path as spelt and respelt, with no store request',
    async (_name, endpoint) => {
      const username = uniqueName('member');
      const token = await tokenFor(username, 3);
      for (const path of [pathOf(endpoint), respelled(pathOf(endpoint))]) {
        let answer: Awaited<ReturnType<typeof call>> | undefined;
        const trips = await countStoreRoundTrips(async () => {
          answer = await call(endpoint.handler, {
            method: endpoint.method,
            path,
            token,
            body: endpoint.method === 'GET' ? undefined : { username },
          });
        });
        expect(answer, path).toMatchObject(switchedOff);
        expect(trips, path).toBe(0);
      }
    },
  );

  it('answers 404 to a request without a token too, not 401', async () => {
    for (const endpoint of off) {
      const answer = await call(endpoint.handler, { method: endpoint.method, path: respelled(pathOf(endpoint)) });
      expect(answer, endpoint.name).toMatchObject(switchedOff);
    }
  });

  it('leaves the other features’ functions and the always-there ones answering as ever', async () => {
    const votes = endpoints.find((endpoint) => endpoint.name === 'poll-get-all-votes.mts')!;
    expect(await call(votes.handler, { path: votes.path, body: { question: 0 } })).toMatchObject({
      status: 200,
      body: { allVotes: expect.any(Array) },
    });
    const health = endpoints.find((endpoint) => endpoint.name === 'health.mts')!;
    expect((await call(health.handler, { method: 'GET', path: health.path })).status).toBe(200);
    // A token-needing function of another feature still asks for the token, rather than answering 404.
    const scores = endpoints.find((endpoint) => endpoint.name === 'word-game-all-scores.mts')!;
    expect(await call(scores.handler, { path: scores.path, body: { userName: 'x' } })).toMatchObject({ status: 401 });
  });
});

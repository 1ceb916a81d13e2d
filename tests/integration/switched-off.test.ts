// A feature the owner switched off has no endpoints: with the shop off in the config, every function
// on the shop's paths answers 404 with the switched-off message to its own method, before it reads
// a token, a body or the store (src/server/http.ts); the other features' functions answer as ever.
import { describe, expect, it, vi } from 'vitest';
import { features } from '../../src/content/site.config.ts';
import { FEATURES, isServed } from '../../src/lib/features.ts';
import { SWITCHED_OFF } from '../../src/server/http.ts';
import { tokenFor } from './fakes.ts';
import { type Endpoint, loadEndpoints } from './functions.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';

vi.mock('../../src/content/site.config.ts', async (importOriginal) => {
  const config = await importOriginal<typeof import('../../src/content/site.config.ts')>();
  const { FEATURES: all } = await import('../../src/lib/features.ts');
  return { ...config, features: { ...Object.fromEntries(all.map((feature) => [feature, true])), shop: false } };
});

const endpoints = await loadEndpoints();
/** A function's own path, each parameter filled in. */
const pathOf = (endpoint: Endpoint) => endpoint.path.replace(/:\w+/g, 'x');
const shop = endpoints.filter((endpoint) => endpoint.path.startsWith('/api/dhh/'));
const switchedOff = { status: 404, body: { error: SWITCHED_OFF, code: 'not_found' } };

describe('with the shop switched off', () => {
  it('reads the config as this file set it', () => {
    expect(features.shop).toBe(false);
    expect(FEATURES.filter((feature) => !features[feature])).toEqual(['shop']);
    // The shop's functions are the ones the switch leaves out, and there are some.
    expect(shop.length).toBeGreaterThanOrEqual(7);
    expect(endpoints.filter((endpoint) => !isServed(endpoint.path, features))).toEqual(shop);
  });

  it.each(shop.map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s answers 404, switched off, to its own method and a member’s valid-looking request, with no store request',
    async (_name, endpoint) => {
      const username = uniqueName('shopper');
      const token = await tokenFor(username, 3);
      let answer: Awaited<ReturnType<typeof call>> | undefined;
      const trips = await countStoreRoundTrips(async () => {
        answer = await call(endpoint.handler, {
          method: endpoint.method,
          path: pathOf(endpoint),
          token,
          body: endpoint.method === 'GET' ? undefined : { username },
        });
      });
      expect(answer).toMatchObject(switchedOff);
      expect(trips).toBe(0);
    },
  );

  it('answers 404 to a request without a token too, not 401', async () => {
    for (const endpoint of shop) {
      const answer = await call(endpoint.handler, { method: endpoint.method, path: pathOf(endpoint) });
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

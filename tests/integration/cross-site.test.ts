// Requests from other websites: every function refuses a cross-site browser request
// (Sec-Fetch-Site, else Origin) with 403 and a body that is not JSON with 415, before it touches
// the store; the site's own pages, and callers that send neither header, get through.
import { beforeAll, describe, expect, it } from 'vitest';
import getAllVotes from '../../netlify/functions/poll-get-all-votes.mts';
import createVote from '../../netlify/functions/poll-create-vote.mts';
import { features } from '../site-config.ts';
import { type Endpoint, isOn, loadEndpoints } from './functions.ts';
import { countStoreRoundTrips, newAddress, uniqueName } from './request.ts';

const FOREIGN = 'Requests from other websites are not accepted. Please use this site itself.';
const NOT_JSON = 'The request body must be sent as JSON (Content-Type: application/json).';
let endpoints: Endpoint[] = [];

beforeAll(async () => {
  // The functions the site serves: a switched-off feature's answer 404 before any check.
  endpoints = (await loadEndpoints()).filter(isOn);
});

const requestTo = ({ path, method }: Endpoint, headers: Record<string, string>, body?: string) =>
  new Request(`https://site.example${path}`, {
    method,
    headers: { 'x-nf-client-connection-ip': newAddress(), ...headers },
    body: method === 'GET' ? undefined : (body ?? '{}'),
  });

describe('requests from other websites', () => {
  it.each([
    [{ 'Sec-Fetch-Site': 'cross-site' }],
    [{ 'Sec-Fetch-Site': 'same-site', Origin: 'https://shop.site.example' }],
    [{ Origin: 'https://evil.example' }],
    [{ Origin: 'http://site.example:8080' }],
  ])('every function refuses %j with 403, before any store request', async (headers) => {
    expect(endpoints.length).toBeGreaterThan(30);
    for (const endpoint of endpoints) {
      let response: Response | undefined;
      const trips = await countStoreRoundTrips(async () => {
        response = await endpoint.handler(
          requestTo(endpoint, { 'Content-Type': 'application/json', ...(headers as Record<string, string>) }),
        );
      });
      expect(response!.status, endpoint.name).toBe(403);
      expect(await response!.json(), endpoint.name).toEqual({ error: FOREIGN, code: 'forbidden' });
      expect(trips, endpoint.name).toBe(0);
    }
  });

  it('every function that takes a body refuses one that is not JSON with 415, before any store request', async () => {
    const writers = endpoints.filter((endpoint) => endpoint.method !== 'GET');
    expect(writers.length).toBeGreaterThan(20);
    for (const endpoint of writers) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=b']) {
        let response: Response | undefined;
        const trips = await countStoreRoundTrips(async () => {
          response = await endpoint.handler(
            requestTo(endpoint, { 'Content-Type': type, 'Sec-Fetch-Site': 'same-origin' }),
          );
        });
        expect(response!.status, `${endpoint.name} ${type}`).toBe(415);
        expect(await response!.json()).toEqual({ error: NOT_JSON, code: 'unsupported_media_type' });
        expect(trips).toBe(0);
      }
    }
  });

  it.skipIf(!features.poll)(
    "lets the site's own pages through (Sec-Fetch-Site same-origin or none, or its own Origin), and callers with neither",
    async () => {
      const vote = (headers: Record<string, string>) =>
        createVote(
          new Request('https://site.example/api/poll/create-vote', {
            method: 'POST',
            headers: {
              'x-nf-client-connection-ip': newAddress(),
              'Content-Type': 'application/json; charset=utf-8',
              ...headers,
            },
            body: JSON.stringify({ name: `${uniqueName('Voter')} Lee`, question: 0, vote: ['1'] }),
          }),
        );
      const own: Record<string, string>[] = [
        { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://site.example' },
        { 'Sec-Fetch-Site': 'none' },
        { Origin: 'https://site.example' },
        {},
      ];
      for (const headers of own) {
        const response = await vote(headers);
        expect(response.status, JSON.stringify(headers)).toBe(200);
        expect(await response.json()).toEqual({ status: 'Success' });
      }
      const read = await getAllVotes(
        new Request('https://site.example/api/poll/get-all-votes', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
          body: JSON.stringify({ question: 0 }),
        }),
      );
      expect(read.status).toBe(200);
    },
  );

  it.skipIf(!features.poll)('a cross-site vote records nothing', async () => {
    const name = `${uniqueName('Lured')} Lee`;
    const response = await createVote(
      new Request('https://site.example/api/poll/create-vote', {
        method: 'POST',
        headers: { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ name, question: 0, vote: ['0'] }),
      }),
    );
    expect(response.status).toBe(403);
    const read = await getAllVotes(
      new Request('https://site.example/api/poll/get-all-votes', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ question: 0 }),
      }),
    );
    const { allVotes } = (await read.json()) as { allVotes: { inputtedName: string }[] };
    expect(allVotes.filter((vote) => vote.inputtedName === name)).toEqual([]);
  });
});

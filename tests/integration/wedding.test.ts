// The wedding console's endpoints against the local store: clearance 3 on the four of the spec,
// create only into an empty list (with the households' RSVP links), add only what is missing, drop
// everything. The RSVP page's endpoints and the export mark are in wedding-rsvp.test.ts.
import { describe, expect, it } from 'vitest';
import addNewGuests from '../../netlify/functions/wedding-add-new-guests.mts';
import createGuests from '../../netlify/functions/wedding-create-guests.mts';
import dropGuests from '../../netlify/functions/wedding-drop-guests.mts';
import getAllGuests from '../../netlify/functions/wedding-get-all-guests.mts';
import { WEDDING_GUESTS } from '../../src/content/wedding-guests.ts';
import { ADMIN_LIMIT } from '../../src/server/admin-limit.ts';
import { weddingKeys } from '../../src/features/wedding/keys.server.ts';
import { redis } from '../../src/server/redis.ts';
import { features } from '../site-config.ts';
import { tokenFor } from './fakes.ts';
import { call, countStoreRoundTrips, uniqueName } from './request.ts';

const admin = () => tokenFor(uniqueName('admin'), 3);
const list = async (token: string) =>
  (await call(getAllGuests, { method: 'GET', token })).body.guests as { g1FullName: string }[];

describe.skipIf(!features.wedding)('wedding guest list', () => {
  it('refuses all four endpoints without a token and below clearance 3', async () => {
    const member = await tokenFor(uniqueName('member'), 2);
    const before = await redis().hlen(weddingKeys.guests());
    for (const [handler, method] of [
      [getAllGuests, 'GET'],
      [createGuests, 'POST'],
      [addNewGuests, 'POST'],
      [dropGuests, 'POST'],
    ] as const) {
      expect((await call(handler, { method })).status).toBe(401);
      expect(await call(handler, { method, token: member })).toMatchObject({
        status: 403,
        body: { error: 'You do not have the clearance for this.' },
      });
      expect((await call(handler, { method, token: 'tampered.token.value' })).status).toBe(401);
    }
    expect(await redis().hlen(weddingKeys.guests())).toBe(before);
  });

  it('creates into an empty list only, adds what is missing, and drops everything', async () => {
    const token = await admin();
    await call(dropGuests, { token });
    expect(await call(createGuests, { token })).toMatchObject({
      status: 200,
      body: { status: 'Success', created: WEDDING_GUESTS.length },
    });
    const guests = await list(token);
    expect(guests).toHaveLength(WEDDING_GUESTS.length);
    expect(guests[0]).toEqual(
      expect.objectContaining({
        g1FullName: expect.any(String),
        g1WeddingAccepted: expect.any(String),
        g1FoodChoice: expect.any(String),
        g1RehearsalAccepted: expect.any(String),
        g1DietaryRestrictions: expect.any(String),
        g2FullName: expect.any(String),
        numberOfGuests: expect.any(Number),
        hasAlreadyRsvped: expect.any(Boolean),
      }),
    );
    // Idempotent: a second create changes nothing.
    expect((await call(createGuests, { token })).body).toMatchObject({ created: 0 });
    expect(await list(token)).toHaveLength(WEDDING_GUESTS.length);

    // Add loads only the invitations that are missing.
    const [first, second] = WEDDING_GUESTS;
    await redis().hdel(weddingKeys.guests(), first!.g1FullName.toLowerCase(), second!.g1FullName.toLowerCase());
    expect((await call(addNewGuests, { token })).body).toMatchObject({ status: 'Success', created: 2 });
    expect((await call(addNewGuests, { token })).body).toMatchObject({ created: 0 });

    expect((await call(dropGuests, { token })).body).toMatchObject({
      status: 'Success',
      deleted: WEDDING_GUESTS.length,
    });
    expect(await list(token)).toEqual([]);
    // The households' links and RSVP page answers go with them.
    expect(await redis().exists(weddingKeys.links(), weddingKeys.replies())).toBe(0);
    expect((await call(createGuests, { token })).body).toMatchObject({ created: WEDDING_GUESTS.length });
    expect(await redis().hlen(weddingKeys.links())).toBe(WEDDING_GUESTS.length);
  });

  it('asks search engines not to index any answer, the guest list or a refusal', async () => {
    const token = await admin();
    const member = await tokenFor(uniqueName('member'), 2);
    for (const answer of [
      await call(getAllGuests, { method: 'GET', token }),
      await call(getAllGuests, { method: 'GET' }),
      await call(getAllGuests, { method: 'GET', token: member }),
      await call(addNewGuests, { token }),
    ]) {
      expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    }
  });

  it('reads the list in one round trip', async () => {
    const token = await admin();
    expect(await countStoreRoundTrips(() => call(getAllGuests, { method: 'GET', token }))).toBe(1);
  });

  it(`holds each admin to ${ADMIN_LIMIT.max} console requests in 10 minutes, in the request's one round trip`, async () => {
    const token = await admin();
    expect(await countStoreRoundTrips(() => call(addNewGuests, { token }))).toBe(1);
    expect(await countStoreRoundTrips(() => call(getAllGuests, { method: 'GET', token }))).toBe(1);
    for (let i = 2; i < ADMIN_LIMIT.max; i++)
      expect((await call(getAllGuests, { method: 'GET', token })).status).toBe(200);
    const before = await redis().hlen(weddingKeys.guests());
    expect(before).toBeGreaterThan(0);
    // Over the limit, a drop changes nothing and says when to try again.
    const refused = await call(dropGuests, { token });
    expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await redis().hlen(weddingKeys.guests())).toBe(before);
    expect((await call(getAllGuests, { method: 'GET', token })).status).toBe(429);
    // Another admin is not held back.
    expect((await call(getAllGuests, { method: 'GET', token: await admin() })).status).toBe(200);
  });
});

// The RSVP page's endpoints and the console's RSVP parts against the local store: reading through a
// link, wrong and removed links held off per address, answers stored as the spec's Guest fields
// with their times, the form's rules and the deadline, the answer limits, the confirmation mail
// within its caps (else recorded not-sent) with the address kept nowhere, the export mark, an
// import that keeps answers, and links remade under another TOKEN_SECRET. It has a store of its own.
import { afterEach, describe, expect, it, vi } from 'vitest';
import exported from '../../netlify/functions/wedding-exported.mts';
import getAllGuests from '../../netlify/functions/wedding-get-all-guests.mts';
import rsvpAnswer from '../../netlify/functions/wedding-rsvp-answer.mts';
import rsvpRead from '../../netlify/functions/wedding-rsvp-read.mts';
import { WEDDING } from '../../src/content/wedding.ts';
import { WEDDING_GUESTS, type Guest } from '../../src/content/wedding-guests.ts';
import { linkToken, tokenHash } from '../../src/features/wedding/links.server.ts';
import { guestKey } from '../../src/features/wedding/logic.ts';
import { HOUSEHOLD_MAIL_COUNTER } from '../../src/features/wedding/repo.server.ts';
import { CONFIRMATIONS_PER_HOUSEHOLD_PER_DAY, RSVP_TEXT, deadlineOf } from '../../src/features/wedding/rsvp/logic.ts';
import { LIMITS } from '../../src/features/wedding/rsvp/service.server.ts';
import type { ConsoleRsvp } from '../../src/features/wedding/schema.ts';
import { OTHER_SECRET, createGuests, guestLinks, importGuests } from '../../src/features/wedding/service.server.ts';
import { OPERATOR } from '../../src/server/caller.ts';
import { dailyCounter } from '../../src/server/daily-cap.ts';
import { MAIL_COUNTERS } from '../../src/server/mail.ts';
import { weddingKeys } from '../../src/features/wedding/keys.server.ts';
import { redis } from '../../src/server/redis.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { features } from '../site-config.ts';
import { confirmAddresses, tokenFor, useFakeResend } from './fakes.ts';
import { storeContents, useOwnStore } from './functions.ts';
import { call, countStoreRoundTrips, newAddress, uniqueName } from './request.ts';

const fakeResend = useFakeResend();

/** A new guest's address, confirmed by its holder. */
async function confirmedAddress(): Promise<string> {
  const email = `${uniqueName('guest')}@example.com`;
  await confirmAddresses(email);
  return email;
}
const store = useOwnStore(() => createGuests(OPERATOR));
isolateEnv(['MAIL_DAILY_RSVP_CAP', 'SITE_URL', 'TOKEN_SECRET'], { clear: false });
afterEach(() => vi.useRealTimers());

const [meal, otherMeal] = WEDDING.menu as [string, string];
const guestNamed = (name: string): Guest => WEDDING_GUESTS.find((guest) => guest.g1FullName === name)!;
const tokenOf = (name: string) => linkToken(guestKey({ g1FullName: name }));
const stored = async (name: string) =>
  JSON.parse((await redis().hget<string>(weddingKeys.guests(), guestKey({ g1FullName: name })))!) as Guest;
const replyOf = async (name: string) =>
  JSON.parse((await redis().hget<string>(weddingKeys.replies(), guestKey({ g1FullName: name }))) ?? '{}') as Record<
    string,
    string
  >;
const admin = () => tokenFor(uniqueName('admin'), 3);
const consoleRsvp = async () =>
  (await call(getAllGuests, { method: 'GET', token: await admin() })).body.rsvp as ConsoleRsvp;

const person = (wedding: 'yes' | 'no', rehearsal: 'yes' | 'no', food = '', dietary = '') => ({
  wedding,
  food,
  rehearsal,
  dietary,
});
const read = (token: string, address = newAddress()) => call(rsvpRead, { body: { token }, address });
const answer = (body: Record<string, unknown>, address = newAddress()) => call(rsvpAnswer, { body, address });

/** The store but its counters: what a refusal must leave alone. */
// The store but its counters and the addresses their holders confirmed (src/server/mail-address.ts).
const digest = () => storeContents(store().engine, ['rate:', 'daily:', 'mail-addresses']);

describe.skipIf(!features.wedding)('the RSVP page', () => {
  it('reads a household through its link in one round trip: the invitation, its guests and its answers', async () => {
    const token = tokenOf("Margaret O'Brien");
    let result: Awaited<ReturnType<typeof call>> | undefined;
    expect(await countStoreRoundTrips(async () => (result = await read(token)))).toBe(1);
    expect(result).toMatchObject({
      status: 200,
      body: {
        status: 'Success',
        open: true,
        invitation: { couple: WEDDING.couple, menu: WEDDING.menu, rsvpDeadline: WEDDING.rsvpDeadline },
        household: {
          guestOne: "Margaret O'Brien",
          numberOfGuests: 2,
          answered: true,
          answeredAt: null,
          answer: {
            one: { wedding: 'yes', food: 'Vegetarian', rehearsal: 'yes', dietary: '' },
            two: { name: "Patrick O'Brien", wedding: 'no', food: '', rehearsal: 'yes', dietary: 'Vegan' },
          },
        },
      },
    });
    expect(result?.headers.get('cache-control')).toBe('no-store');
    expect(result?.headers.get('x-robots-tag')).toBe('noindex');
    // The console copies the same link.
    expect((await consoleRsvp()).households[guestKey(guestNamed("Margaret O'Brien"))]?.link).toBe(token);
  });

  it('keeps only a hash of each token, and the tokens are 192 random-looking bits', async () => {
    const token = tokenOf('Mia Kim');
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(WEDDING_GUESTS.map((guest) => tokenOf(guest.g1FullName))).size).toBe(WEDDING_GUESTS.length);
    expect(await redis().hget(weddingKeys.links(), tokenHash(token))).toBe('mia kim');
    expect(JSON.stringify(await digest())).not.toContain(token);
  });

  it('says "This link is not valid." alike for a wrong, a malformed and a removed link, and holds off an address that keeps trying', async () => {
    const address = newAddress();
    const invalid = { status: 404, body: { error: RSVP_TEXT.invalidLink, code: 'not_found', reason: 'invalid-link' } };
    const wrong = linkToken('nobody on the list');
    expect(await read(wrong, address)).toEqual(expect.objectContaining(invalid));
    expect(await read('not a token', address)).toEqual(expect.objectContaining(invalid));
    expect(await answer({ token: wrong, one: person('no', 'no') }, address)).toEqual(expect.objectContaining(invalid));
    for (let i = 3; i < LIMITS.wrongLinksPerAddress.max; i++) expect((await read(wrong, address)).status).toBe(404);
    // Over the limit, even a good link is not read from that address (a scanner learns nothing), and nothing changes.
    const before = await digest();
    const held = await read(tokenOf('Mia Kim'), address);
    expect(held).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await answer({ token: tokenOf('Mia Kim'), one: person('no', 'no') }, address)).status).toBe(429);
    expect(await digest()).toEqual(before);
    // Another address is not held back.
    expect((await read(tokenOf('Mia Kim'))).status).toBe(200);
  });

  it("saves an answer as the spec's Guest record fields, with when it came; an answer that changes nothing keeps changedAt", async () => {
    const name = 'Hannah Whitfield';
    const token = tokenOf(name);
    expect((await stored(name)).hasAlreadyRsvped).toBe(false);
    const body = {
      token,
      one: person('yes', 'no', meal, '  no\nnuts  '),
      two: { ...person('no', 'yes'), name: ' Grace  Whitfield ' },
    };
    let result: Awaited<ReturnType<typeof call>> | undefined;
    expect(await countStoreRoundTrips(async () => (result = await answer(body)))).toBe(1);
    expect(result).toMatchObject({
      status: 200,
      body: {
        confirmation: 'none',
        household: { answered: true, answer: { one: { dietary: 'no nuts' }, two: { name: 'Grace Whitfield' } } },
      },
    });
    expect(await stored(name)).toEqual({
      ...guestNamed(name),
      g1WeddingAccepted: 'Accepted',
      g1FoodChoice: meal,
      g1RehearsalAccepted: 'Declined',
      g1DietaryRestrictions: 'no nuts',
      g2FullName: 'Grace Whitfield',
      g2WeddingAccepted: 'Declined',
      g2FoodChoice: '',
      g2RehearsalAccepted: 'Accepted',
      g2DietaryRestrictions: '',
      hasAlreadyRsvped: true,
    });
    const first = await replyOf(name);
    expect(first.answeredAt).toBe(first.changedAt);
    expect(Date.now() - Date.parse(first.answeredAt!)).toBeLessThan(60_000);
    const household = (await consoleRsvp()).households[guestKey(guestNamed(name))];
    expect(household).toMatchObject({ answeredAt: first.answeredAt, changedAt: first.changedAt });

    // The same answer again: sent, but nothing changed.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await answer(body)).status).toBe(200);
    const again = await replyOf(name);
    expect(again).toMatchObject({ answeredAt: first.answeredAt, changedAt: first.changedAt });
    expect(again.submittedAt).not.toBe(first.submittedAt);
    // A different meal is a change.
    expect((await answer({ ...body, one: person('yes', 'no', otherMeal) })).status).toBe(200);
    const changed = await replyOf(name);
    expect(changed.answeredAt).toBe(first.answeredAt);
    expect(Date.parse(changed.changedAt!)).toBeGreaterThan(Date.parse(first.changedAt!));
    expect((await stored(name)).g1FoodChoice).toBe(otherMeal);
  });

  it("counts the list's own answers given again in the page's words as answered, not changed", async () => {
    const name = 'Priya Natarajan'; // Yes, Beef, Accepted | Arjun: yes, Salmon, yes, Gluten free
    const body = {
      token: tokenOf(name),
      one: person('yes', 'yes', 'Beef'),
      // The name in other letters' case is the same name.
      two: { ...person('yes', 'yes', 'Salmon', 'Gluten free'), name: 'arjun natarajan' },
    };
    expect((await answer(body)).status).toBe(200);
    const reply = await replyOf(name);
    expect(reply.answeredAt).toBeTruthy();
    expect(reply).not.toHaveProperty('changedAt');
    expect(await stored(name)).toMatchObject({ g1WeddingAccepted: 'Accepted', g2RehearsalAccepted: 'Accepted' });
    // A real change is one.
    expect((await answer({ ...body, one: person('yes', 'no', 'Beef') })).status).toBe(200);
    expect(await replyOf(name)).toHaveProperty('changedAt');
  });

  it('refuses what the form refuses, with its message, and changes nothing', async () => {
    const token = tokenOf('Ana María López'); // an invitation for one
    const two = tokenOf('Noah Jozwiak'); // for two
    const before = await digest();
    const refusals: [Record<string, unknown>, string][] = [
      [{ token, one: person('yes', 'no') }, 'Please choose a meal from the menu for guest one.'],
      [{ token, one: person('yes', 'no', 'Lobster') }, 'Please choose a meal from the menu for guest one.'],
      [{ token, one: { ...person('no', 'no'), wedding: '' } }, 'Please say whether guest one will attend the wedding.'],
      [{ token, one: person('no', 'no', '', 'x'.repeat(201)) }, 'Dietary restrictions must be at most 200 characters.'],
      [{ token, one: person('no', 'no', '', 'a\u0007b') }, 'Dietary restrictions must be plain text on one line.'],
      [{ token, one: person('no', 'no'), email: 'not-an-address' }, RSVP_TEXT.invalidEmail],
      [{ token, one: person('no', 'no'), two: { ...person('no', 'no'), name: '' } }, RSVP_TEXT.noGuestTwo],
      [{ token: two, one: person('no', 'no') }, RSVP_TEXT.needsGuestTwo],
      [
        { token: two, one: person('no', 'no'), two: { ...person('yes', 'no', meal), name: '' } },
        "Please give guest two's name.",
      ],
    ];
    for (const [body, error] of refusals) {
      expect(await answer(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { error } });
    }
    expect(await digest()).toEqual(before);
  });

  it('takes answers until the deadline and refuses them after it, saying so; the page then reads the answers only', async () => {
    const token = tokenOf('Connor Byrne');
    vi.useFakeTimers({ toFake: ['Date'], now: deadlineOf(WEDDING) });
    expect((await answer({ token, one: person('no', 'no') })).status).toBe(200);
    vi.setSystemTime(deadlineOf(WEDDING) + 1);
    const before = await digest();
    expect(await answer({ token, one: person('yes', 'yes', meal) })).toMatchObject({
      status: 403,
      body: { error: RSVP_TEXT.closed, code: 'forbidden', reason: 'closed' },
    });
    expect(await digest()).toEqual(before);
    expect(await read(token)).toMatchObject({
      status: 200,
      body: { open: false, household: { answered: true, answer: { one: { wedding: 'no' } } } },
    });
  });

  it(`holds a household to ${LIMITS.answersPerHousehold.max} answers an hour, and an address to ${LIMITS.answersPerAddress.max}`, async () => {
    const token = tokenOf('Amelia Hart');
    for (let i = 0; i < LIMITS.answersPerHousehold.max; i++) {
      expect((await answer({ token, one: person('no', 'no') })).status).toBe(200);
    }
    const refused = await answer({ token, one: person('no', 'no') });
    expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const address = newAddress();
    const households = ['Nora Lindqvist', 'Gabriel Okafor', 'Aiden Murphy', 'Ella Fitzgerald-Moore'];
    for (let i = 0; i < LIMITS.answersPerAddress.max; i++) {
      const name = households[i % households.length]!;
      const body = { token: tokenOf(name), one: person('no', 'no') };
      const two = guestNamed(name).numberOfGuests > 1 ? { two: { ...person('no', 'no'), name: '' } } : {};
      expect((await answer({ ...body, ...two }, address)).status).toBe(200);
    }
    expect((await answer({ token: tokenOf('Nora Lindqvist'), one: person('no', 'no') }, address)).status).toBe(429);
  });
});

describe.skipIf(!features.wedding)('the confirmation mail', () => {
  it('goes to the address given once its holder confirmed it, with the choices and nothing the guest typed, in three round trips; the address is kept nowhere', async () => {
    process.env.SITE_URL = 'https://wedding.example';
    const name = 'Sofia Rossi';
    const token = tokenOf(name);
    const email = `${uniqueName('guest')}@example.com`;
    await confirmAddresses(email);
    const body = {
      token,
      one: person('no', 'yes', '', 'Secret allergy note'),
      two: { ...person('yes', 'no', meal, 'Another typed note'), name: 'Typed Name' },
      email,
    };
    let result: Awaited<ReturnType<typeof call>> | undefined;
    expect(await countStoreRoundTrips(async () => (result = await answer(body)))).toBe(3);
    expect(result).toMatchObject({ status: 200, body: { confirmation: 'sent' } });
    const mail = fakeResend().sent.find((sent) => sent.to === email);
    expect(mail).toMatchObject({ subject: `Your RSVP to the wedding of ${WEDDING.couple}` });
    expect(mail?.html).toBeUndefined();
    expect(mail?.text).toContain(`  Meal: ${meal}`);
    expect(mail?.text).toContain(`https://wedding.example/rsvp#${token}`);
    for (const typed of ['Secret allergy note', 'Another typed note', 'Typed Name', 'Sofia', 'Luca']) {
      expect(mail?.text).not.toContain(typed);
    }
    expect(await replyOf(name)).toMatchObject({ delivery: 'delivered', deliveryNote: mail?.id });
    expect(JSON.stringify(await digest())).not.toContain(email);
  });

  it(`sends a household at most ${CONFIRMATIONS_PER_HOUSEHOLD_PER_DAY} a day; over it the answer is saved and the mail recorded not-sent`, async () => {
    const name = 'Tom Mcallister';
    const token = tokenOf('tom mcallister');
    const sentBefore = fakeResend().sent.length;
    for (let i = 0; i < CONFIRMATIONS_PER_HOUSEHOLD_PER_DAY; i++) {
      const body = { token, one: person('yes', 'yes', meal), email: await confirmedAddress() };
      expect((await answer(body)).body).toMatchObject({ confirmation: 'sent' });
    }
    const last = { token, one: person('no', 'yes'), email: await confirmedAddress() };
    expect(await answer(last)).toMatchObject({ status: 200, body: { confirmation: 'not-sent' } });
    expect(fakeResend().sent.length).toBe(sentBefore + CONFIRMATIONS_PER_HOUSEHOLD_PER_DAY);
    expect((await stored(name)).g1WeddingAccepted).toBe('Declined');
    expect(await replyOf(name)).toMatchObject({
      delivery: 'not-sent',
      deliveryNote: 'not sent: daily mail cap reached (per household)',
    });
    const [counter] = dailyCounter(HOUSEHOLD_MAIL_COUNTER, tokenHash(token));
    expect(Number(await redis().get(counter))).toBe(CONFIRMATIONS_PER_HOUSEHOLD_PER_DAY);
  });

  it("over the day's RSVP mail budget the answer is saved, nothing is sent, and the mail is recorded not-sent", async () => {
    process.env.MAIL_DAILY_RSVP_CAP = '0';
    const name = 'Jean-Luc Moreau';
    const sentBefore = fakeResend().sent.length;
    const body = { token: tokenOf(name), one: person('no', 'no'), email: await confirmedAddress() };
    expect(await answer(body)).toMatchObject({ status: 200, body: { confirmation: 'not-sent' } });
    expect(fakeResend().sent.length).toBe(sentBefore);
    expect((await stored(name)).g1WeddingAccepted).toBe('Declined');
    expect(await replyOf(name)).toMatchObject({
      delivery: 'not-sent',
      deliveryNote: 'not sent: daily mail cap reached (RSVP mail)',
    });
  });

  it('mails an address nobody confirmed only a link to confirm it, once a day, and keeps it nowhere', async () => {
    process.env.SITE_URL = 'https://wedding.example';
    const name = 'Mia Kim';
    const email = `${uniqueName('Guest')}@Example.com`;
    const body = { token: tokenOf(name), one: person('yes', 'no', meal), email };
    const [rsvpMail] = dailyCounter(MAIL_COUNTERS.rsvp);
    const before = Number(await redis().get(rsvpMail));
    expect(await answer(body)).toMatchObject({ status: 200, body: { confirmation: 'confirm-address' } });
    expect(await answer(body)).toMatchObject({ status: 200, body: { confirmation: 'confirm-address' } });
    const sent = fakeResend().sent.filter((mail) => mail.to === email.toLowerCase());
    expect(sent).toHaveLength(1); // one request a day per address, and no RSVP confirmation
    expect(sent[0]?.subject).toBe('Confirm your address for wedding.example');
    expect(sent[0]?.text).toMatch(/https:\/\/wedding\.example\/email\/\?confirm=\S+/);
    expect(sent[0]?.text).not.toContain('Mia');
    expect(Number(await redis().get(rsvpMail))).toBe(before);
    expect(await replyOf(name)).toMatchObject({ delivery: '' });
    expect(JSON.stringify(await digest())).not.toContain(email.toLowerCase());
  });

  it('counts parallel confirmations of one household within its cap', async () => {
    const token = tokenOf('Isabel Cruz');
    const addresses = await Promise.all(
      Array.from({ length: CONFIRMATIONS_PER_HOUSEHOLD_PER_DAY + 3 }, confirmedAddress),
    );
    const sends = addresses.map((email) => answer({ token, one: person('yes', 'no', meal), email }));
    const outcomes = (await Promise.all(sends)).map((result) => result.body.confirmation);
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(CONFIRMATIONS_PER_HOUSEHOLD_PER_DAY);
    expect(outcomes.filter((outcome) => outcome === 'not-sent')).toHaveLength(3);
  });
});

describe.skipIf(!features.wedding)('the console', () => {
  it('records an export as of its list, never later than now, in one round trip; answers after it are marked', async () => {
    const token = await admin();
    const before = await consoleRsvp();
    let result: Awaited<ReturnType<typeof call>> | undefined;
    const trips = await countStoreRoundTrips(async () => {
      result = await call(exported, { token, body: { asOf: before.readAt } });
    });
    expect(trips).toBe(1);
    expect(result).toMatchObject({ status: 200, body: { status: 'Success', lastExportAt: before.readAt } });
    expect((await consoleRsvp()).lastExportAt).toBe(before.readAt);

    const future = await call(exported, { token, body: { asOf: Date.now() + 86_400_000 } });
    expect(future.body.lastExportAt).toBeLessThanOrEqual(Date.now());
    for (const asOf of [-1, 1.5, '1', null]) {
      expect((await call(exported, { token, body: { asOf } })).status).toBe(400);
    }

    await new Promise((resolve) => setTimeout(resolve, 5));
    await answer({ token: tokenOf('Leo Martins'), one: person('no', 'no') });
    const after = await consoleRsvp();
    const leo = after.households['leo martins']!;
    expect(Date.parse(leo.changedAt!)).toBeGreaterThan(after.lastExportAt!);
  });

  it('says which links are not ready: none made, or made with another TOKEN_SECRET, and shows none then', async () => {
    const saved = await redis().get<string>(weddingKeys.linkKey());
    await redis().del(weddingKeys.linkKey());
    expect((await consoleRsvp()).links).toBe('none');
    await redis().set(weddingKeys.linkKey(), 'another-key-0000');
    const other = await consoleRsvp();
    expect(other.links).toBe('other-secret');
    expect(Object.values(other.households).every((household) => household.link === null)).toBe(true);
    await redis().set(weddingKeys.linkKey(), saved!);
    expect((await consoleRsvp()).links).toBe('ready');
  });
});

describe.skipIf(!features.wedding)('the guest list from the CLI', () => {
  it("replaces the list, keeps the answers of households still on it, and a removed household's link stops working", async () => {
    const kept = 'Mia Kim';
    await answer({ token: tokenOf(kept), one: person('yes', 'no', otherMeal, 'Nut allergy') });
    const removed = 'Zoe Albright';
    expect((await read(tokenOf(removed))).status).toBe(200);
    const list = WEDDING_GUESTS.filter((guest) => guest.g1FullName !== removed).map((guest) =>
      // The file's row has no answers: an answered household keeps the ones it gave.
      guest.g1FullName === kept
        ? { ...guest, g1WeddingAccepted: '', g1FoodChoice: '', hasAlreadyRsvped: false }
        : guest,
    );
    const newcomer: Guest = { ...guestNamed('Nora Lindqvist'), g1FullName: 'Newt Newcomer', hasAlreadyRsvped: false };
    const result = await importGuests([...list, newcomer]);
    expect(result).toMatchObject({ added: 1, removed: 1 });
    expect(result.kept).toBeGreaterThan(20);
    expect(result.links.find((link) => link.name === 'Newt Newcomer')?.token).toBe(tokenOf('Newt Newcomer'));
    expect(await stored(kept)).toMatchObject({
      g1FoodChoice: otherMeal,
      g1RehearsalAccepted: 'Declined',
      hasAlreadyRsvped: true,
    });
    expect(await replyOf(kept)).toHaveProperty('answeredAt');
    expect(await read(tokenOf(removed))).toMatchObject({ status: 404, body: { error: RSVP_TEXT.invalidLink } });
    expect(await redis().hexists(weddingKeys.replies(), guestKey({ g1FullName: removed }))).toBe(0);
    expect((await read(tokenOf('Newt Newcomer'))).status).toBe(200);
    await importGuests(WEDDING_GUESTS);
  });

  it('refuses to make links under another TOKEN_SECRET unless asked, and then the old links stop working', async () => {
    const oldToken = tokenOf('Leo Martins');
    process.env.TOKEN_SECRET = 'another-secret-that-is-at-least-32-bytes!!';
    await expect(guestLinks()).rejects.toThrow(OTHER_SECRET);
    await expect(importGuests(WEDDING_GUESTS)).rejects.toThrow(OTHER_SECRET);
    expect((await read(oldToken)).status).toBe(200);
    const links = await guestLinks({ newLinks: true });
    expect(links).toHaveLength(WEDDING_GUESTS.length);
    const newToken = links.find((link) => link.name === 'Leo Martins')!.token;
    expect(newToken).not.toBe(oldToken);
    expect((await read(newToken)).status).toBe(200);
    expect((await read(oldToken)).status).toBe(404);
  });
});

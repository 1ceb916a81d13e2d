// Every counter the app keeps (rate limits, daily caps, the chatbot's day, account lookups) expires:
// none may live without a TTL, or a limit would never lift. A mixed workload touches each kind,
// then every counter in the store (this suite's and whatever other suites left) is checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import askAi from '../../netlify/functions/chatbot-ask.mts';
import login from '../../netlify/functions/auth-login.mts';
import contact from '../../netlify/functions/contact-send.mts';
import createVote from '../../netlify/functions/poll-create-vote.mts';
import register from '../../netlify/functions/auth-register.mts';
import addChoice from '../../netlify/functions/scheduling-add-choice.mts';
import verify from '../../netlify/functions/verify-recaptcha.mts';
import { configuredItems } from '../../src/features/scheduling/configured/logic.ts';
import { KEY_PREFIX } from '../../src/server/keys.ts';
import { redis } from '../../src/server/redis.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../tools/fake-openai/server.ts';
import { isolateEnv } from '../setup/isolated-env.ts';
import { features } from '../site-config.ts';
import { useFakeResend } from './fakes.ts';
import { call, newAddress, uniqueName } from './request.ts';

const COUNTERS = [`${KEY_PREFIX}rate:*`, `${KEY_PREFIX}daily:*`, `${KEY_PREFIX}chatbot:*`];

useFakeResend();
isolateEnv(['OPENAI_BASE_URL']);
let model: FakeOpenAi;
beforeAll(async () => {
  model = await startFakeOpenAi();
});
afterAll(() => model.close());

async function allCounters(): Promise<string[]> {
  const found: string[] = [];
  for (const match of COUNTERS) {
    let cursor = '0';
    do {
      const [next, keys] = await redis().scan(cursor, { match, count: 1000 });
      found.push(...keys);
      cursor = String(next);
    } while (cursor !== '0');
  }
  return found;
}

describe('counters', () => {
  // Counted by the chatbot, the /poll and a scheduling poll among others.
  it.skipIf(!features.chatbot || !features.poll || !features.scheduling)(
    'each have a TTL, whatever created them',
    async () => {
      process.env.OPENAI_BASE_URL = model.url;
      const address = newAddress();
      const username = uniqueName('counted');
      const password = 'a-long-password';
      await call(register, { body: { username, password }, address });
      await call(login, { body: { username, password: 'not the password' }, address });
      await call(verify, { body: { recaptchaToken: '' }, address });
      await call(askAi, { body: { userQuestion: 'Hi?', userSystemChoice: '' }, address });
      await call(contact, { body: { senderEmail: 'a@example.com', emailSubject: 'Hi', emailText: 'Hello.' }, address });
      await call(createVote, { body: { name: uniqueName('Voter'), question: 0, vote: ['1'] }, address });
      await call(addChoice, {
        body: { pollId: 'defense', scheduleItemId: configuredItems()[0]!._id, username: `anon_${uniqueName('c')}` },
        address,
      });

      const counters = await allCounters();
      expect(counters.length).toBeGreaterThanOrEqual(8);
      const pipe = redis().pipeline();
      for (const key of counters) pipe.ttl(key);
      const ttls = (await pipe.exec()) as number[];
      // -2 is a counter that expired between the scan and the read: gone, as it should be.
      const forever = counters.filter((_, index) => ttls[index] === -1);
      expect(forever).toEqual([]);
    },
  );
});

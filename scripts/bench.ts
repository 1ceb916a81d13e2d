// `npm run bench`: autocannon on `npm start`'s server (a fresh data folder; REDIS_URL's Redis when
// set): a static page, a poll's results and the one-question poll's (the open pages its live results
// serve), then WRITES votes, each acknowledged one checked in the
// store and the bench's votes removed again (a reused Redis reads the same next time); last, the
// cold import of each feature's largest bundle as Netlify makes it (what the first visitor after a
// deploy waits for). It fails on a lost write, an error or timeout, or a poll read below FLOOR.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { LIVE_RESULTS_MS } from '../src/features/poll/logic.ts';
import { configuredItems } from '../src/features/scheduling/configured/logic.ts';
import { type FunctionResult, ROOT, bundleSite, coldImport, keptBundles, readZip } from './function-bundles.ts';
import { startProductionServer } from './production-server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
// The target is reported, not enforced: the poll read clears it on a quiet 2-core machine, but a
// busy neighbour on the cores pushes p99 past 400 ms, and a benchmark that fails on noise gets
// ignored. The floor still fails a server that runs calls one at a time or cold.
const TARGET = { 'req/s': 500, 'p99 ms': 200 };
const FLOOR = { 'req/s': TARGET['req/s'] / 2, 'p99 ms': TARGET['p99 ms'] * 5 };
// Where the server keeps its data, as scripts/local-env.ts chooses it.
const STORE = process.env.UPSTASH_REDIS_REST_URL
  ? 'the store at UPSTASH_REDIS_REST_URL'
  : process.env.REDIS_URL
    ? 'Redis at REDIS_URL'
    : 'the embedded engine';
const POLL = 'defense';
const SLOT = configuredItems()[0]!._id;
const RESULTS_PATH = `/api/scheduling/choices-with-users/${POLL}`;
const SEEDED_VOTES = 20;
// A count rather than a duration, so that every write is answered.
const WRITES = 2000;
const VOTER_PREFIX = `anon_Bench${process.pid}_`;

interface Figures {
  target: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  requests: number;
  'errors+timeouts': number;
  non2xx: number;
}

const run = (options: autocannon.Options) => autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });

function figures(target: string, result: autocannon.Result): Figures {
  return {
    target,
    'req/s': Math.round(result.requests.average * 10) / 10,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'errors+timeouts': result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Sends one add or remove of `voter`'s choice and answers the response. */
function vote(base: string, change: 'add' | 'remove', voter: string, claimSecret?: string): Promise<Response> {
  return fetch(`${base}/api/scheduling/${change}-choice`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pollId: POLL, scheduleItemId: SLOT, username: voter, claimSecret }),
  });
}

/** Adds `count` votes one after another and answers their claim secrets by voter. */
async function seedVotes(base: string, count: number): Promise<Map<string, string>> {
  const secrets = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const voter = `${VOTER_PREFIX}seed_${i}`;
    const response = await vote(base, 'add', voter);
    if (!response.ok) throw new Error(`Seeding a vote answered ${response.status}: ${await response.text()}`);
    secrets.set(voter, ((await response.json()) as { claimSecret: string }).claimSecret);
  }
  return secrets;
}

/**
 * Loads the write endpoint (each add a new anonymous voter, every fourth request removing an
 * earlier one) and answers its figures and what the store should now hold.
 */
async function loadWrites(base: string) {
  let sequence = 0;
  const secrets = new Map<string, string>(); // acknowledged adds, with their claim secrets
  const removing = new Set<string>();
  const removed = new Set<string>(); // acknowledged removals
  const inFlight = new Map<object, { change: 'add' | 'remove'; voter: string }>();
  const result = await run({
    url: base,
    amount: WRITES,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => {
          const removable =
            sequence % 4 === 3
              ? [...secrets.keys()].find((name) => !removing.has(name) && !removed.has(name))
              : undefined;
          const voter = removable ?? `${VOTER_PREFIX}${sequence}`;
          const change = removable ? 'remove' : 'add';
          sequence++;
          if (removable) removing.add(voter);
          inFlight.set(context, { change, voter });
          const body = { pollId: POLL, scheduleItemId: SLOT, username: voter, claimSecret: secrets.get(voter) };
          return { ...request, path: `/api/scheduling/${change}-choice`, body: JSON.stringify(body) };
        },
        onResponse: (status, body, context) => {
          const sent = inFlight.get(context);
          if (!sent || status !== 200) return;
          if (sent.change === 'add') secrets.set(sent.voter, (JSON.parse(body) as { claimSecret: string }).claimSecret);
          else removed.add(sent.voter);
        },
      },
    ],
  });
  // A removal that failed may or may not have happened: only acknowledged ones are checked.
  const kept = [...secrets.keys()].filter((voter) => !removing.has(voter));
  const left = new Map([...secrets].filter(([voter]) => !removed.has(voter))); // to remove afterwards
  return { figures: figures('POST add/remove-choice', result), kept, removed: [...removed], left };
}

/** The voters the store holds on the bench's slot. */
async function votersInStore(base: string): Promise<Set<string>> {
  const results = (await (await fetch(base + RESULTS_PATH)).json()) as {
    scheduleItem: { _id: string };
    user: { username: string };
  }[];
  return new Set(results.filter((c) => c.scheduleItem._id === SLOT).map((c) => c.user.username));
}

/** Checks the acknowledged writes against the store; answers the problems found. */
async function checkWrites(base: string, writes: { kept: string[]; removed: string[] }) {
  const present = await votersInStore(base);
  const lost = writes.kept.filter((voter) => !present.has(voter));
  const stale = writes.removed.filter((voter) => present.has(voter));
  console.log(
    `${writes.kept.length - lost.length} of ${writes.kept.length} acknowledged votes are in the store; ` +
      `${writes.removed.length - stale.length} of ${writes.removed.length} acknowledged removals took.`,
  );
  return [
    ...(lost.length ? [`${lost.length} acknowledged votes are missing, e.g. ${lost[0]}`] : []),
    ...(stale.length ? [`${stale.length} acknowledged removals did not take, e.g. ${stale[0]}`] : []),
  ];
}

/** Removes the bench's votes through the API, CONNECTIONS at a time; answers the problems found. */
async function removeVotes(base: string, secrets: Map<string, string>): Promise<string[]> {
  const queue = [...secrets];
  const failed: string[] = [];
  const worker = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) {
      const response = await vote(base, 'remove', ...next);
      if (!response.ok) failed.push(`${next[0]}: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const left = [...(await votersInStore(base))].filter((voter) => voter.startsWith(VOTER_PREFIX));
  return [
    ...(failed.length ? [`${failed.length} removals of the bench's votes failed, e.g. ${failed[0]}`] : []),
    ...(left.length ? [`${left.length} of the bench's votes are still in the store, e.g. ${left[0]}`] : []),
  ];
}

/**
 * Prints the cold import time of each feature's largest bundle (a function outside the features
 * counts as its own). Every bundle holds the same libraries, so their times differ by a few tens
 * of ms; scripts/functions-bundle.test.ts imports every one within its bound.
 */
async function printColdImports(): Promise<void> {
  const features = readdirSync(join(ROOT, 'src/features'));
  const largest = new Map<string, FunctionResult>();
  for (const result of keptBundles() ?? (await bundleSite())) {
    const feature = features.find((name) => result.name.startsWith(`${name}-`)) ?? result.name;
    if ((result.size ?? 0) >= (largest.get(feature)?.size ?? -1)) largest.set(feature, result);
  }
  const table: Record<string, { 'zip KB': number; 'cold import ms': number }> = {};
  for (const result of largest.values()) {
    const cold = await coldImport(result, readZip(result.path));
    table[result.name] = {
      'zip KB': Math.round((result.size ?? 0) / 1024),
      'cold import ms': Math.round(cold.entryMs + cold.functionMs),
    };
  }
  console.table(table);
}

// The per-address rate limits would answer 429 to one address voting this fast: lifted (local only).
const server = await startProductionServer({ RATE_LIMIT_SCALE: '1000' });
const rows: Figures[] = [];
const problems: string[] = [];
try {
  rows.push(figures('GET / (static page)', await run({ url: `${server.base}/` })));
  const seeded = await seedVotes(server.base, SEEDED_VOTES);
  const read = figures(
    `GET choices-with-users (${SEEDED_VOTES} votes)`,
    await run({ url: server.base + RESULTS_PATH }),
  );
  rows.push(read);
  // The one-question poll's results, which every page showing them reads again each LIVE_RESULTS_MS.
  const live = figures(
    'POST poll/get-all-votes',
    await run({
      url: `${server.base}/api/poll/get-all-votes`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 0 }),
      duration: DURATION_S / 2, // a rate to price the live results (a fresh store's question: few votes)
    }),
  );
  rows.push(live);
  const written = await loadWrites(server.base);
  rows.push(written.figures);
  console.table(rows);

  problems.push(...(await checkWrites(server.base, written)));
  problems.push(...(await removeVotes(server.base, new Map([...seeded, ...written.left]))));
  for (const row of rows) {
    if (row['errors+timeouts'] || row.non2xx) problems.push(`${row.target}: errors, timeouts or non-2xx answers`);
  }
  const verdict = (limits: typeof TARGET) => read['req/s'] >= limits['req/s'] && read['p99 ms'] < limits['p99 ms'];
  const describe = (limits: typeof TARGET) => `${limits['req/s']} requests/s with p99 under ${limits['p99 ms']} ms`;
  console.log(
    `Poll read on ${STORE}: ${read['req/s']} requests/s, ` +
      `p99 ${read['p99 ms']} ms; target ${describe(TARGET)}: ${verdict(TARGET) ? 'met' : 'NOT met'}.`,
  );
  console.log(
    `Live results on /poll: each page showing them reads every ${LIVE_RESULTS_MS / 1000} s, so ` +
      `${live['req/s']} requests/s serves about ${Math.round((live['req/s'] * LIVE_RESULTS_MS) / 1000)} open pages.`,
  );
  if (!verdict(FLOOR)) problems.push(`The poll read fell below the floor of ${describe(FLOOR)}.`);
} finally {
  await server.stop();
}

await printColdImports();

if (problems.length) {
  console.error(`Bench found problems:\n${problems.join('\n')}`);
  process.exit(1);
}

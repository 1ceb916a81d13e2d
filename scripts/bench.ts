// `npm run bench`: autocannon (50 connections, 10 seconds each) on a static page, a read endpoint
// (a poll's results) and a write endpoint (scheduling add/remove choice: each add a new anonymous
// voter, every fourth request removing an earlier one), then a check that every acknowledged
// write is in the store. Two servers: the production-like one (Netlify's local emulation, which
// runs each function call in a fresh worker and one call per function at a time, as a cold start
// would), and the same function handlers kept warm in one process, as a warm Netlify instance
// runs them, on the same store. Last, each function's cold import time, bundled as Netlify bundles
// it: what the first visitor after a deploy or an idle spell waits for. A benchmark, not a timed
// test: it fails only when an acknowledged write is missing, or the warm server errs.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { configuredItems } from '../src/features/scheduling/polls.ts';
import { FUNCTIONS, bundle, coldImport, readZip } from './function-bundles.ts';
import { addressFile } from './local-env.ts';
import { startProductionServer } from './production-server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const POLL = 'defense';
const SLOT = configuredItems()[0]!._id;
const RESULTS_PATH = `/api/scheduling/choices-with-users/${POLL}`;

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

/** Loads the write endpoint and answers its figures and what the store should now hold. */
async function loadWrites(base: string, label: string) {
  let sequence = 0;
  const secrets = new Map<string, string>(); // acknowledged adds, with their claim secrets
  const removing = new Set<string>();
  const removed = new Set<string>(); // acknowledged removals
  const inFlight = new Map<object, { change: 'add' | 'remove'; voter: string }>();
  const result = await run({
    url: base,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => {
          const removable =
            sequence % 4 === 3
              ? [...secrets.keys()].find((name) => !removing.has(name) && !removed.has(name))
              : undefined;
          const voter = removable ?? `anon_Bench${process.pid}_${label}_${sequence}`;
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
  // A removal that timed out may or may not have happened: only acknowledged ones are checked.
  const kept = [...secrets.keys()].filter((voter) => !removing.has(voter));
  return { figures: figures(`${label}: POST add/remove-choice`, result), kept, removed: [...removed] };
}

/** Checks the acknowledged writes against the store; answers the problems found. */
async function checkWrites(base: string, label: string, writes: { kept: string[]; removed: string[] }) {
  const results = (await (await fetch(base + RESULTS_PATH)).json()) as {
    scheduleItem: { _id: string };
    user: { username: string };
  }[];
  const present = new Set(results.filter((c) => c.scheduleItem._id === SLOT).map((c) => c.user.username));
  const lost = writes.kept.filter((voter) => !present.has(voter));
  const stale = writes.removed.filter((voter) => present.has(voter));
  console.log(
    `${label}: ${writes.kept.length - lost.length} of ${writes.kept.length} acknowledged votes are in the store; ` +
      `${writes.removed.length - stale.length} of ${writes.removed.length} acknowledged removals took.`,
  );
  return [
    ...(lost.length ? [`${label}: ${lost.length} acknowledged votes are missing, e.g. ${lost[0]}`] : []),
    ...(stale.length ? [`${label}: ${stale.length} acknowledged removals did not take, e.g. ${stale[0]}`] : []),
  ];
}

type Handler = (req: Request, context: unknown) => Promise<Response>;

/** The three functions kept warm in this process, on the store of the production-like server. */
async function startWarmServer(dataDir: string) {
  const store = JSON.parse(readFileSync(addressFile(dataDir), 'utf8')) as { url: string; token: string };
  Object.assign(process.env, {
    UPSTASH_REDIS_REST_URL: store.url,
    UPSTASH_REDIS_REST_TOKEN: store.token,
    APP_ENV: 'local',
    RATE_LIMIT_SCALE: '1000',
  });
  const load = async (name: string) =>
    ((await import(`../netlify/functions/${name}.mts`)) as { default: Handler }).default;
  const routes: Record<string, Handler> = {
    [RESULTS_PATH]: await load('scheduling-choices-with-users'),
    '/api/scheduling/add-choice': await load('scheduling-add-choice'),
    '/api/scheduling/remove-choice': await load('scheduling-remove-choice'),
  };
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://warm');
    const handler = routes[url.pathname];
    if (!handler) return void res.writeHead(404).end();
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const request = new Request(url, { method: req.method, headers: req.headers as HeadersInit, body });
    const response = await handler(request, { ip: '127.0.0.1' });
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
  };
  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      console.error(error);
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

// The emulation answers 429 past the per-address limits; the bench lifts them (local runs only).
const production = await startProductionServer({ RATE_LIMIT_SCALE: '1000' }, { quiet: true });
const rows: Figures[] = [];
const problems: string[] = [];
try {
  rows.push(figures('emulation: static page /', await run({ url: `${production.base}/` })));
  rows.push(figures('emulation: GET choices-with-users', await run({ url: production.base + RESULTS_PATH })));
  const emulated = await loadWrites(production.base, 'emulation');
  rows.push(emulated.figures);
  problems.push(...(await checkWrites(production.base, 'emulation', emulated)));

  const warm = await startWarmServer(production.dataDir);
  try {
    const read = figures('warm: GET choices-with-users', await run({ url: warm.base + RESULTS_PATH }));
    rows.push(read);
    const written = await loadWrites(warm.base, 'warm');
    rows.push(written.figures);
    problems.push(...(await checkWrites(warm.base, 'warm', written)));
    for (const row of [read, written.figures]) {
      if (row['errors+timeouts'] || row.non2xx) problems.push(`${row.target}: errors, timeouts or non-2xx answers`);
    }
  } finally {
    warm.close();
  }
  console.table(rows);
} finally {
  production.stop();
}

/** Bundles every function as Netlify does and prints each one's cold import time. */
async function printColdImports(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  try {
    const table: Record<string, { 'zip KB': number; 'cold import ms': number }> = {};
    for (const result of await bundle(FUNCTIONS, out)) {
      const cold = await coldImport(result, readZip(result.path));
      table[result.name] = {
        'zip KB': Math.round((result.size ?? 0) / 1024),
        'cold import ms': Math.round(cold.entryMs + cold.functionMs),
      };
    }
    console.table(table);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

await printColdImports();

if (problems.length) {
  console.error(`Bench found problems:\n${problems.join('\n')}`);
  process.exit(1);
}

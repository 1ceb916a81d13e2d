// The functions as Netlify ships them (deployability and cold starts). zip-it-and-ship-it,
// the bundler the Netlify build runs, zips netlify/functions with netlify.toml's settings; every
// .mts endpoint must come out as one zip under 2 MB that holds no dev-only code (the local store,
// the fakes, ioredis-mock and its Lua engine, the test runners), and must import in a fresh node,
// with no environment at all, well within the bound. A table of sizes and import times is printed.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Config } from '@netlify/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS, type FunctionResult, ROOT, bundle, bundleSite, coldImport, readZip } from './function-bundles.ts';

const MAX_ZIP_BYTES = 2 * 1024 * 1024;
const MAX_COLD_IMPORT_MS = 3000; // generous: each imports in 80-200 ms on a dev machine

// Dev-only code, by where it lives (a zip entry, or a source file the bundler read; everything
// under src/ is the app, src/server/scripts its Redis scripts) ...
const DEV_ONLY_PATH =
  /^(?!src\/)(.*\/)?(tools|tests|scripts)\/|ioredis-mock|fengari|vitest|playwright|node_modules\/ioredis\//;
// ... and by strings that only it contains, should it be inlined into a bundled file.
const DEV_ONLY_TEXT = [
  'ERR the body must be a non-empty array of commands', // tools/local-store/server.ts
  're_fake_', // tools/fake-resend/server.ts: its API keys
  'RedisMock', // ioredis-mock's client
  'fengari_interop', // ioredis-mock's bridge to its Lua engine
  '__vitest_worker__', // vitest's runner state
];

/** Every trace of dev-only code in a bundle: its source inputs, its zip entries and their text. */
function devOnlyCode(result: FunctionResult, files: Map<string, Buffer>): string[] {
  const found = (result.inputs ?? [])
    .map((input) => relative(ROOT, input))
    .filter((input) => DEV_ONLY_PATH.test(input))
    .map((input) => `bundled from ${input}`);
  for (const [name, content] of files) {
    if (DEV_ONLY_PATH.test(name)) found.push(`ships ${name}`);
    const text = content.toString('utf8');
    for (const marker of DEV_ONLY_TEXT) if (text.includes(marker)) found.push(`${name} contains '${marker}'`);
  }
  return found;
}

describe('the functions as Netlify bundles them', () => {
  const bundles = new Map<string, { result: FunctionResult; files: Map<string, Buffer> }>();
  const endpoints = readdirSync(FUNCTIONS)
    .filter((file) => file.endsWith('.mts'))
    .map((file) => file.replace(/\.mts$/, ''))
    .sort();

  beforeAll(async () => {
    // One call for all of them, as the build makes; a bundle that fails to build throws here. They
    // are kept for the bench (scripts/bench.ts times their cold imports again).
    const started = performance.now();
    const results = await bundleSite();
    console.log(`Bundled ${results.length} functions in ${Math.round(performance.now() - started)} ms`);
    for (const result of results) bundles.set(result.name, { result, files: readZip(result.path) });
  }, 180_000); // 6-15 s for the lot alone; a busy machine (other suites, the browsers) once took over 60

  it('deploys every .mts endpoint, and nothing else', () => {
    expect(endpoints.length).toBeGreaterThan(30);
    expect([...bundles.keys()].sort()).toEqual(endpoints);
  });

  it('subscribes store-layout to the deploys Netlify announces, and no other function', () => {
    const subscribed = [...bundles.values()].filter(({ result }) => result.eventSubscriptions?.length);
    expect(subscribed.map(({ result }) => [result.name, result.eventSubscriptions])).toEqual([
      ['store-layout', ['deploy_succeeded']],
    ]);
  });

  it('zips each one under 2 MB', () => {
    for (const { result } of bundles.values()) {
      expect(result.size, result.name).toBeLessThan(MAX_ZIP_BYTES);
    }
  });

  it('ships no dev-only code', () => {
    for (const { result, files } of bundles.values()) {
      expect(devOnlyCode(result, files), result.name).toEqual([]);
    }
  });

  it('deploys each one with the rate limit its config declares: the edge reads it from the source', async () => {
    // Netlify reads config from the file's text, not by running it: a limit held in an imported
    // constant would be applied by the local server and silently dropped by the edge.
    for (const name of endpoints) {
      const { config = {} } = (await import(join(FUNCTIONS, `${name}.mts`))) as { config?: Config };
      const deployed = bundles.get(name)!.result.trafficRules?.action.config;
      expect(
        deployed && {
          windowLimit: deployed.rateLimitConfig.windowLimit,
          windowSize: deployed.rateLimitConfig.windowSize,
          aggregateBy: deployed.aggregate.keys.map((key) => key.type),
        },
        name,
      ).toEqual(config.rateLimit);
    }
  });

  // One fresh node each (100-500 ms alone), so a busy machine slows each test, not one for them all.
  const coldImports: Record<
    string,
    { 'zip KB': number; 'entry ms': number; 'function ms': number; 'cold import ms': number }
  > = {};
  afterAll(() => console.table(coldImports));

  it.each(endpoints)('imports %s cold, with no environment, within the bound', async (name) => {
    const { result, files } = bundles.get(name)!;
    // An import that throws is a finding: its stderr says why.
    const cold = await coldImport(result, files).catch((error: unknown) => {
      throw new Error(`${name}: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`);
    });
    const total = cold.entryMs + cold.functionMs;
    coldImports[name] = {
      'zip KB': Math.round((result.size ?? 0) / 1024),
      'entry ms': Math.round(cold.entryMs),
      'function ms': Math.round(cold.functionMs),
      'cold import ms': Math.round(total),
    };
    expect(cold.handler, 'the entry point exports a handler').toBe('function');
    // A handler, or an event function's object of handlers ({ deploySucceeded }).
    if (result.runtimeAPIVersion === 2) expect(['function', 'object'], 'its default export').toContain(cold.default);
    expect(total, 'ms to import').toBeLessThan(MAX_COLD_IMPORT_MS);
  });
});

describe('the dev-only check', () => {
  // Inside the repo, so that the bundler finds node_modules as it does for the real functions;
  // .netlify/ is Netlify's own scratch folder, ignored by git.
  let work = '';
  beforeAll(() => {
    mkdirSync(join(ROOT, '.netlify'), { recursive: true });
    work = mkdtempSync(join(ROOT, '.netlify/functions-bundle-'));
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('flags a function that reaches the local store', async () => {
    // A function importing the local store, and through it ioredis-mock and its Lua engine.
    const functions = join(work, 'functions');
    mkdirSync(functions);
    writeFileSync(
      join(functions, 'leaky.mts'),
      [
        `import { startLocalStore } from ${JSON.stringify(join(ROOT, 'tools/local-store/start.ts'))};`,
        `export default async () => new Response(typeof startLocalStore);`,
        `export const config = { path: '/api/leaky' };`,
      ].join('\n'),
    );
    const [result] = await bundle(functions, join(work, 'out'));
    const found = devOnlyCode(result!, readZip(result!.path));
    expect(found).toContainEqual('bundled from tools/local-store/start.ts');
    expect(found.some((finding) => finding.startsWith('ships node_modules/ioredis-mock/'))).toBe(true);
    expect(found.some((finding) => finding.startsWith('ships node_modules/fengari/'))).toBe(true);
    expect(found.some((finding) => finding.includes(`'ERR the body must be a non-empty array of commands'`))).toBe(
      true,
    );
  }, 30_000); // 1-3 s
});

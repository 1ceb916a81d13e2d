// Timed stages, for `npm test` (scripts/test.ts) and CI (.ci/run, which writes the same lines from
// bash). A stage prints a timestamped line as it starts and appends its duration to
// test-results/stages.tsv; `node scripts/stages.ts report` prints them as a table, then the slowest
// tests of the JSON reports the runners write beside it (vitest.json, playwright*.json) and every
// test that passed only on a retry.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const RESULTS = join(import.meta.dirname, '../test-results');
const STAGES_FILE = join(RESULTS, 'stages.tsv');
const SLOWEST = 15;

const clock = () => new Date().toTimeString().slice(0, 8);

/** Runs one command, its output passed through; answers its exit code. */
function run(command: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs a stage: its commands at once (each a separate process; their output interleaves, each
 * runner naming its own errors), timed. Answers whether all of them passed.
 */
export async function stage(name: string, commands: string[][]): Promise<boolean> {
  console.log(`${clock()} --- ${name}`);
  const started = performance.now();
  const codes = await Promise.all(commands.map(run));
  const seconds = Math.round((performance.now() - started) / 1000);
  const passed = codes.every((code) => code === 0);
  mkdirSync(RESULTS, { recursive: true });
  appendFileSync(STAGES_FILE, `${name}\t${seconds}\t${passed ? 'passed' : 'FAILED'}\n`);
  return passed;
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

interface TestTime {
  report: string;
  test: string;
  seconds: number;
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: {
      projectName: string;
      status: string;
      results: { duration: number; retry: number; attachments?: { name: string; path?: string }[] }[];
    }[];
  }[];
}

/** Each test of a Playwright JSON report (its first run's time), and those that passed only on a retry. */
function playwrightTests(report: string, suites: PlaywrightSuite[], file = ''): { times: TestTime[]; flaky: string[] } {
  const times: TestTime[] = [];
  const flaky: string[] = [];
  for (const suite of suites) {
    const at = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const name = `[${test.projectName}] ${at}:${spec.line} ${spec.title}`;
        const first = test.results[0];
        if (first) times.push({ report, test: name, seconds: first.duration / 1000 });
        if (test.status === 'flaky') {
          const traces = test.results.flatMap((result) =>
            (result.attachments ?? []).filter((item) => item.name === 'trace' && item.path).map((item) => item.path),
          );
          flaky.push(`${name}${traces.length ? ` (trace: ${traces.join(', ')})` : ''}`);
        }
      }
    }
    const inner = playwrightTests(report, suite.suites ?? [], at);
    times.push(...inner.times);
    flaky.push(...inner.flaky);
  }
  return { times, flaky };
}

/** Each test of vitest's JSON report. */
function vitestTests(
  report: string,
  json: { testResults?: { name: string; assertionResults: { fullName: string; duration?: number }[] }[] },
): TestTime[] {
  return (json.testResults ?? []).flatMap((file) =>
    file.assertionResults.map((test) => ({
      report,
      test: `${file.name.replace(`${join(import.meta.dirname, '..')}/`, '')} > ${test.fullName}`,
      seconds: (test.duration ?? 0) / 1000,
    })),
  );
}

/** Prints the stages' table, the slowest tests, and the flaky ones. */
export function report(): void {
  if (existsSync(STAGES_FILE)) {
    const rows = readFileSync(STAGES_FILE, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
      .map(([name = '', seconds, result = '']) => ({ name, seconds: Number(seconds), result }));
    rows.push({ name: 'total', seconds: rows.reduce((sum, row) => sum + row.seconds, 0), result: '' });
    const width = Math.max(...rows.map((row) => row.name.length));
    console.log('\nStages:');
    for (const { name, seconds, result } of rows)
      console.log(`  ${name.padEnd(width)}  ${minutes(seconds).padStart(6)}  ${result}`);
  }
  const times: TestTime[] = [];
  const flaky: string[] = [];
  for (const file of existsSync(RESULTS) ? readdirSync(RESULTS).filter((name) => name.endsWith('.json')) : []) {
    const json = JSON.parse(readFileSync(join(RESULTS, file), 'utf8'));
    const name = file.replace(/\.json$/, '');
    if (Array.isArray(json.suites)) {
      const found = playwrightTests(name, json.suites);
      times.push(...found.times);
      flaky.push(...found.flaky.map((test) => `${name}: ${test}`));
    } else times.push(...vitestTests(name, json));
  }
  if (times.length) {
    console.log(`\nThe ${SLOWEST} slowest tests (seconds, report, test):`);
    for (const { report: from, test, seconds } of times.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST))
      console.log(`  ${seconds.toFixed(1).padStart(6)}  ${from.padEnd(12)}  ${test}`);
  }
  console.log(flaky.length ? `\nFlaky (passed only on a retry):\n${flaky.join('\n')}` : '\nNo flaky tests.');
}

if (import.meta.main && process.argv[2] === 'report') report();

import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// A time zone far from UTC, with a half-hour offset and daylight saving, so code that mixes local
// and UTC dates fails here rather than for a visitor. Set before the workers start: they inherit it.
process.env.TZ = 'America/St_Johns';

// Node keeps what it compiled of each module (TypeScript stripped, bytecode) here, so the dozens
// of CLI and store processes the tests start load in half the CPU time after the first.
process.env.NODE_COMPILE_CACHE ||= join(import.meta.dirname, 'node_modules/.cache/node-compile-cache');

// The property tests' seed (tests/setup/property-seed.ts): FC_SEED when given, else one read from
// the commit, so a failure reproduces on the same commit, and each commit tries other values.
process.env.FC_SEED ||= String(commitSeed());
if (!Number.isInteger(Number(process.env.FC_SEED))) throw new Error(`FC_SEED must be a whole number.`);
console.log(`Property tests use seed ${process.env.FC_SEED} (FC_SEED=${process.env.FC_SEED} reruns them with it).`);

function commitSeed(): number {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return parseInt(commit.slice(0, 8), 16) | 0;
  } catch {
    return 44; // not a git checkout
  }
}

/**
 * The tests that need more than code: the functions and services against the local store that
 * tests/setup/local-store.ts starts for the run; and those that start a store, a server or child
 * processes of their own, or hash passwords at OWASP's cost (scrypt, about half a second a hash:
 * src/server/password.ts; the other tests hash at PASSWORD_SCRYPT_N's). Everything else is a unit test.
 */
const INTEGRATION = [
  'tests/integration/**/*.test.ts',
  'tools/local-store/**/*.test.ts',
  'tools/demo-data/**/*.test.ts',
  'src/server/scripts/script.test.ts',
  'src/server/password.test.ts',
  'scripts/admin.test.ts',
  'scripts/backup.test.ts',
  'scripts/local-env.test.ts',
  'scripts/site-server.test.ts',
  'scripts/functions-bundle.test.ts',
];

/**
 * The files that take longest, each alone for tens of seconds (bundling the functions and importing
 * each cold; dozens of CLI processes; the stores killed and restarted). vitest starts the files
 * that took longest last time first, but a fresh checkout (CI) has no last time and starts the
 * largest first: these then started last, and the run waited for them alone.
 */
const LONGEST = [
  'scripts/functions-bundle.test.ts',
  'scripts/admin.test.ts',
  'scripts/backup.test.ts',
  'tests/integration/faults.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? LONGEST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// `vitest run` (npm run test:unit) runs both projects; `--project unit` the quick one alone.
export default defineConfig({
  test: {
    // One more worker than cores: most integration files spend their time waiting on child
    // processes, servers and the store, not computing. On two cores a third worker shortens a run by
    // about a sixth; a fourth gains no more than the noise and loads each test more.
    maxWorkers: availableParallelism() + 1,
    env: {
      APP_ENV: 'test',
      TOKEN_SECRET: 'test-secret-that-is-at-least-32-bytes-long!',
      // Hashes at N=2^10, a millisecond, not OWASP's half second: src/server/password.ts hashParams.
      PASSWORD_SCRYPT_N: '1024',
    },
    restoreMocks: true,
    sequence: { sequencer: LongestFirst },
    // The console's report, and every test's duration for CI to list the slowest.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tools/**/*.test.ts', 'tests/lint/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: INTEGRATION,
          setupFiles: ['tests/setup/env.ts', 'tests/setup/property-seed.ts'],
          // Pure code: a test that needs longer is waiting on something it should not.
          testTimeout: 5_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          // Only the first group needs the shared store; the rest start what they need themselves.
          globalSetup: ['tests/setup/local-store.ts'],
          setupFiles: ['tests/setup/env.ts', 'tests/setup/property-seed.ts', 'tests/setup/store-env.ts'],
          // A few hashes at OWASP's cost, child processes, servers: seconds on a busy machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});

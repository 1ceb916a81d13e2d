import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/browsers.ts';
import { ENGINES, type Engine } from './tests/engines/driver.ts';

// An unusual port, never a server we did not start (reuseExistingServer: false).
const port = Number(process.env.E2E_PORT ?? 4873);
// A fresh data folder per run, shared with the workers (they inherit the environment) so tests
// can run the admin CLI against the server's store and make users in it (helpers.ts createUser),
// with the token secret the server keeps there.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'site-e2e-'));
const baseURL = `http://127.0.0.1:${port}`;
const chromium = { ...devices['Desktop Chrome'], channel: undefined };
/** The scheduling console drops and re-creates the configured polls, which the other tests read and vote in. */
const LAST = /scheduling-console\.spec\.ts$/;
/** The engine flows tests/e2e has no twin for: the first paint held back, every route's axe, search. */
const CHROMIUM_ONLY_HERE = /\/(first-paint|routes|search)\.spec\.ts$/;

export default defineConfig<{ engine: Engine }>({
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  // In CI a failed test runs once more: a test that passes only then fails the run as flaky, named
  // in the output with its first run's error; a regression fails twice.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  // Two browsers, the server and its store share two cores here and in CI: under that load a page
  // can take seconds to load and hydrate, so assertions wait longer than Playwright's 5 s.
  expect: { timeout: 15_000 },
  // Kept beside vitest's report for scripts/stages.ts (the slowest tests, the flaky ones).
  outputDir: 'test-results/playwright',
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/playwright.json' }],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  use: {
    baseURL,
    // CI keeps only what it prints, and recording every test's trace costs it about a tenth of the
    // run: a failure there is traced by running its test here (`--trace on`).
    trace: process.env.CI ? 'off' : 'retain-on-first-failure',
    video: 'off', // needs Playwright's own ffmpeg, which cannot be downloaded here
    launchOptions: { executablePath: findChromium() },
  },
  projects: [
    { name: 'chromium', testDir: 'tests/e2e', testIgnore: LAST, use: chromium },
    // The main flows again in each engine, through one small driver layer (tests/engines/driver.ts).
    // In Chromium, tests/e2e walks each of them more closely: only the flows it has no twin for run here.
    ...ENGINES.map((engine) => ({
      name: `${engine} flows`,
      testDir: 'tests/engines',
      ...(engine === 'chromium' && { testMatch: CHROMIUM_ONLY_HERE }),
      use: { engine },
    })),
    // Tests that change what every other test reads run once all of those are done (alone:
    // `playwright test --no-deps tests/e2e/scheduling-console.spec.ts`).
    {
      name: 'chromium, after the rest',
      testDir: 'tests/e2e',
      testMatch: LAST,
      use: chromium,
      dependencies: ['chromium', ...ENGINES.map((engine) => `${engine} flows`)],
    },
  ],
  webServer: {
    command: 'node scripts/serve.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      // A fresh embedded store every run: demo accounts seeded, no rate-limit counters left over.
      // Real Redis is covered by the contract and integration suites.
      REDIS_URL: '',
      // Every browser test comes from 127.0.0.1: room for the suites' chatbot questions (and other
      // per-address limits) in one run. The limits themselves are tested in tests/integration.
      RATE_LIMIT_SCALE: '5',
      // Passwords hash at a local run's low cost (src/server/password.ts), as the integration tests
      // do: OWASP's cost is tested there, and at it three hashes in one flow outlast a busy machine's timeout.
      PASSWORD_SCRYPT_N: '1024',
      // Room for every suite's requests to confirm an address in one day's budget (src/server/mail.ts).
      MAIL_DAILY_ADDRESS_CAP: '1000',
      CHATBOT_GUEST_QUESTIONS_PER_DAY: '100',
      CHATBOT_TOKENS_PER_VISITOR_PER_DAY: '1000000',
    },
  },
});

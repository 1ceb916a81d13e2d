import { defineConfig } from 'vitest/config';

// A time zone far from UTC, with a half-hour offset and daylight saving, so code that mixes local
// and UTC dates fails here rather than for a visitor. Set before the workers start: they inherit it.
process.env.TZ = 'America/St_Johns';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'tools/**/*.test.ts',
      'tests/lint/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    globalSetup: ['tests/setup/local-store.ts'],
    setupFiles: ['tests/setup/env.ts'],
    env: {
      APP_ENV: 'test',
      TOKEN_SECRET: 'test-secret-that-is-at-least-32-bytes-long!',
    },
    restoreMocks: true,
    // A password hash takes about half a second (scrypt at OWASP's parameters, src/server/password.ts);
    // a test that registers and logs in a few users needs more than vitest's 5 s on a busy machine.
    testTimeout: 20_000,
  },
});

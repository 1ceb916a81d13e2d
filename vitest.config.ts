import { defineConfig } from 'vitest/config';

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
  },
});

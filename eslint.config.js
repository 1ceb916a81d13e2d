// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const SERVER_ONLY = {
  group: ['**/*.server', '**/*.server.ts', '**/server/*', '**/server/**', '@upstash/redis', 'ioredis', 'ioredis-mock'],
  message:
    'Browser code (pages, layouts, components, islands, store, api-client, schema, logic) must not import server-only ' +
    'modules: they hold secrets and Node APIs and would leak into the client bundle. Call the API through api-client.ts.',
};
const NO_TOOLS = {
  group: ['**/tools/**'],
  message:
    'tools/ is dev and test tooling (the local store) and is never deployed: the app reaches Redis only through src/server/redis.ts.',
};

export default defineConfig(
  { ignores: ['dist/', '.astro/', '.netlify/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  // Import direction (ARCHITECTURE.md): functions → features/*/service.server → logic | repo.server → server/ → lib.
  {
    files: ['src/pages/**', 'src/layouts/**', 'src/components/**', 'src/content/**', 'src/features/*/components/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_ONLY, NO_TOOLS] }] },
  },
  {
    files: [
      'src/features/*/store.ts',
      'src/features/*/api-client.ts',
      'src/features/*/schema.ts',
      'src/features/*/logic.ts',
      'src/features/*/*.ts',
    ],
    ignores: ['src/features/*/*.server.ts', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_ONLY, NO_TOOLS] }] },
  },
  {
    files: ['src/lib/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '**/features/**', '**/server/**', '**/components/**', 'nanostores', 'react'],
              message:
                'src/lib is isomorphic and at the bottom of the import graph: no Node APIs, no DOM state, and nothing from ' +
                'features, server or components (they import lib, not the other way round).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/components/**', '**/pages/**'],
              message:
                'src/server is the platform under the features: features import server/, never the other way round.',
            },
            NO_TOOLS,
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/*/*.server.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_TOOLS] }] },
  },
  {
    files: ['netlify/functions/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/repo.server', '**/repo.server.ts', '@upstash/redis', '**/logic', '**/logic.ts'],
              message:
                'Functions stay thin: parse, authenticate, call one service (features/*/service.server.ts), map errors. ' +
                'Redis access and business rules live below the service.',
            },
            NO_TOOLS,
          ],
        },
      ],
    },
  },
);

// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const SERVER_ONLY = {
  group: ['**/*.server', '**/*.server.ts', '**/server/*', '**/server/**', '@upstash/redis', 'ioredis', 'ioredis-mock'],
  message:
    'Browser code (pages, layouts, components, islands, store, api-client, schema, logic) must not import server-only ' +
    'modules: they hold secrets and Node APIs and would leak into the client bundle. Call the API through api-client.ts.',
};
// A feature is self-contained: what two features share belongs to the platform (src/platform), lib
// or components, so one feature can change or go without breaking another. Its public face is its
// schema's types: another feature may `import type` them (the dashboard shows the word game's
// scores and the shop's orders), which adds no code to its bundle and no runtime tie.
const OTHER_FEATURE_MESSAGE =
  'A feature does not import another feature: move what both need to src/platform (browser session, API client, ' +
  "bot check), src/lib (domain-free rules) or src/components (shared UI). Only its schema's types may be imported " +
  "(`import type { … } from '../<feature>/schema.ts'`).";
const OTHER_SCHEMA_MESSAGE =
  "Another feature's schema is public for its types only: write `import type { … }` (its values would bring its " +
  'validation code and tie the two features at runtime).';
/**
 * Another feature's modules, from a feature's top folder (`../<name>/`) or its components (`../../<name>/`).
 * @param {string} up
 */
const otherFeature = (up) => [
  { regex: `^${up}(?!\\.\\.)[^/]+/(?!schema(\\.ts)?$)`, message: OTHER_FEATURE_MESSAGE },
  { regex: `^${up}(?!\\.\\.)[^/]+/schema(\\.ts)?$`, message: OTHER_SCHEMA_MESSAGE, allowTypeImports: true },
];
/**
 * The import rules of a feature's files: typescript-eslint's twin of no-restricted-imports, which
 * can let type-only imports through (another feature's schema), and a type-only import written as
 * one (`import type`), which the build drops whole: `import { type X }` would still load the module.
 * @param {unknown[]} patterns
 * @returns {import('eslint').Linter.RulesRecord}
 */
const featureImports = (patterns) => ({
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
  '@typescript-eslint/no-import-type-side-effects': 'error',
});
// A feature's keys and scripts are its repo's own, so what it stores and how is read in one place
// and can change without a search through the code base.
const PRIVATE_STORAGE = {
  group: ['**/keys.server', '**/keys.server.ts', '**/scripts.server', '**/scripts.server.ts'],
  message: "A feature's keys.server.ts and scripts.server.ts are private to its repo.server.ts: call the repo instead.",
};
/**
 * The rules of a feature's files `depth` folders below src/features/<feature>/ (0: its top folder;
 * 1: its components or a capability's folder; 2: a capability's components).
 * @param {number} depth
 */
const featureFolder = (depth) => {
  const here = ['src/features/*', ...Array(depth).fill('*')].join('/');
  const otherFeatures = otherFeature('\\.\\./'.repeat(depth + 1));
  const storage = ['repo', 'keys', 'scripts'].map((name) => `${here}/${name}.server.ts`);
  return [
    {
      files: [`${here}/*.ts`, `${here}/*.tsx`],
      ignores: [`${here}/*.server.ts`, '**/*.test.ts'],
      rules: featureImports([...otherFeatures, SERVER_ONLY, NO_TOOLS]),
    },
    {
      files: [`${here}/*.server.ts`],
      ignores: [...storage, '**/*.test.ts'],
      rules: featureImports([...otherFeatures, PRIVATE_STORAGE, NO_TOOLS]),
    },
    { files: storage, rules: featureImports([...otherFeatures, NO_TOOLS]) },
  ];
};
const FEATURES_FROM_BELOW = {
  group: ['**/features/**'],
  message:
    'Shared components and content sit below the features: pages and layouts compose features, components and ' +
    'content never import them (pass what they need as props or slots).',
};
const NO_TOOLS = {
  group: ['**/tools/**'],
  message:
    'tools/ is dev and test tooling (the local store) and is never deployed: the app reaches Redis only through src/server/redis.ts.',
};

// Browser code acts on what an error is, never on what it says (docs/architecture.md, Errors): a
// refusal's text is for people and may be reworded; its `reason` (the union in the feature's
// schema.ts), code and status are for code. The selectors catch a text compared, matched or
// switched on: `error.message === X`, `message === SOME_CONST`, `body.error !== 'x'`,
// `e.message.includes(…)`, `/…/.test(e.message)`, `switch (e.message)`.
const TEXT = '/^(message|error|errorMessage|errorText)$/';
const EQUALITY = 'BinaryExpression[operator=/^[!=]==?$/]';
/**
 * Returns the selectors of a text constant on one side of a comparison: SOME_CONST, 'text', `text`.
 * @param {'left' | 'right'} side
 */
const constantAt = (side) => [
  `[${side}.type='Identifier'][${side}.name=/^[A-Z][A-Z0-9_]*$/]`,
  `[${side}.type='Literal'][${side}.raw=/^['"]/]`,
  `[${side}.type='TemplateLiteral']`,
];
const SAYS_NOT_WHAT_IT_IS =
  "Browser code does not compare an error's text: it is for people and may be reworded, which must not change " +
  "behaviour. Switch on the refusal's reason (refusalReason<FeatureReason>(error): the union in the feature's " +
  'schema.ts that its service throws with), or on its code or status.';
const NO_TEXT_COMPARISON = [
  // error.message === X, X !== body.error, error?.message == X
  `${EQUALITY} > MemberExpression[property.name=${TEXT}]`,
  `${EQUALITY} > ChainExpression > MemberExpression[property.name=${TEXT}]`,
  // message === SOME_CONST, error !== 'Failed', `…` === errorText
  ...constantAt('right').map((constant) => `${EQUALITY}[left.name=${TEXT}]${constant}`),
  ...constantAt('left').map((constant) => `${EQUALITY}[right.name=${TEXT}]${constant}`),
  // error.message.includes(…), message.startsWith(…), error?.message.match(…)
  `CallExpression[callee.property.name=/^(includes|startsWith|endsWith|match|matchAll|search|indexOf|localeCompare)$/]:matches([callee.object.property.name=${TEXT}], [callee.object.name=${TEXT}])`,
  // /taken/.test(error.message), pattern.exec(message)
  `CallExpression[callee.property.name=/^(test|exec)$/]:matches([arguments.0.property.name=${TEXT}], [arguments.0.name=${TEXT}])`,
  // switch (error.message)
  `SwitchStatement:matches([discriminant.property.name=${TEXT}], [discriminant.name=${TEXT}])`,
].map((selector) => ({ selector, message: SAYS_NOT_WHAT_IT_IS }));

export default defineConfig(
  { ignores: ['dist/', '.astro/', '.netlify/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  // The rules of hooks (call order, complete effect dependencies, no state set during render): a
  // broken one is a stale value or a render loop that no type check sees. --max-warnings 0 makes
  // the plugin's warnings errors too.
  { files: ['**/*.tsx'], ...reactHooks.configs.flat.recommended },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  // Import direction (docs/architecture.md): pages → features → components | platform → lib, and
  // functions → features/*/service.server → logic | repo.server → server/ → lib.
  {
    files: ['src/pages/**', 'src/layouts/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_ONLY, NO_TOOLS] }] },
  },
  {
    files: ['src/components/**', 'src/content/**', 'src/platform/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FEATURES_FROM_BELOW, SERVER_ONLY, NO_TOOLS] }] },
  },
  ...featureFolder(0),
  ...featureFolder(1),
  ...featureFolder(2),
  {
    files: [
      'src/features/**/*.{ts,tsx}',
      'src/components/**/*.{ts,tsx}',
      'src/platform/**/*.{ts,tsx}',
      'src/layouts/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.server.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_TEXT_COMPARISON] },
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
              group: [
                'node:*',
                '**/features/**',
                '**/content/**',
                '**/server/**',
                '**/components/**',
                '**/platform/**',
                'nanostores',
                'react',
              ],
              message:
                'src/lib is isomorphic, domain-free and at the bottom of the import graph: no Node APIs, no DOM state, and ' +
                'nothing from features, content, server, platform or components (they import lib, not the other way ' +
                "round). A feature's rules and types live in that feature; another feature may import its schema's types.",
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
    files: ['netlify/functions/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/*repo.server',
                '**/*repo.server.ts',
                ...PRIVATE_STORAGE.group,
                '@upstash/redis',
                '**/logic',
                '**/logic.ts',
              ],
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
  {
    // A browser test waits for what it means (a response, an element, html[data-loaded]), never for a quiet
    // network, and holds no page to a wall-clock time a busy machine cannot keep.
    files: ['tests/e2e/**', 'tests/engines/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Literal[value='networkidle']",
          message: 'Wait for what the test means: a response, an element, siteLoaded (tests/e2e/fixtures.ts).',
        },
        {
          selector: "Property[key.name='timeout'][value.value<2000]",
          message: 'No wall-clock limit under 2 s: assert the order of events, or control time with page.clock.',
        },
      ],
    },
  },
);

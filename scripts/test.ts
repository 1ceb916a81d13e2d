// `npm test`: every check, in timed stages (scripts/stages.ts), stopping at the first that fails;
// then the stages' table and the slowest tests. The type check, lint, format check and vitest run at
// once: the type check holds one core alone for its last half, which vitest's workers then use.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS, report, stage } from './stages.ts';

const npm = (script: string) => ['npm', 'run', '--silent', script];
const node = (...args: string[]) => [process.execPath, ...args];

// In CI the stages before this one (packages, install) are in the same file: kept.
if (!process.env.CI) rmSync(join(RESULTS, 'stages.tsv'), { force: true });

const passed =
  (await stage('type check, lint, format check, vitest', [
    npm('typecheck'),
    npm('lint'),
    npm('format:check'),
    npm('test:unit'),
  ])) &&
  (await stage('browsers for the browser tests', [node('scripts/ensure-browsers.ts')])) &&
  (await stage('build for the browser tests', [node('tests/e2e/build.ts')])) &&
  (await stage('browser tests (Playwright)', [node('node_modules/@playwright/test/cli.js', 'test')]));

// CI prints the table once, at its end (.ci/run).
if (!process.env.CI) report();
process.exitCode = passed ? 0 : 1;

// Proves the site is anyone's: builds it with the second owner's config (./site.config.ts) and
// content, runs the browser specs whose outcome can change with the config (./specs.ts) on that
// build, then the switched-off spec on the same site with writing off, in a copy of the working
// tree. Extra arguments go to `playwright test`; the reports and a failed test's trace land in
// test-results/ (second-owner.json, second-owner-no-blog.json, second-owner/).
//   npm run test:second-owner [-- tests/e2e/showcase.spec.ts]
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CONFIG_SPECS } from './specs.ts';

const root = join(import.meta.dirname, '../..');
const copy = mkdtempSync(join(tmpdir(), 'second-owner-'));

const results = join(root, 'test-results');

function run(args: string[], report = 'second-owner'): void {
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: join(results, `${report}.json`) };
  const result = spawnSync(process.execPath, args, { cwd: copy, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

try {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\0')
    // A worktree's node_modules may be a symlink, which git lists as a file: it is linked below.
    .filter((file) => file && file !== 'node_modules' && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(root, file), join(copy, file));
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  // The config as the owner would have it: in src/content/, its types imported from beside it.
  const config = readFileSync(join(import.meta.dirname, 'site.config.ts'), 'utf8').replace(
    "'../../src/content/site-config.schema.ts'",
    "'./site-config.schema.ts'",
  );
  writeFileSync(join(copy, 'src/content/site.config.ts'), config);
  // Then as docs/make-it-yours.md says: the demo's pictures, posts, write-ups and about text go, the owner's come.
  const content = (path: string) => join(copy, 'src/content', path);
  rmSync(content('projects'), { recursive: true });
  rmSync(content('blog'), { recursive: true });
  cpSync(join(import.meta.dirname, 'posts'), content('blog'), { recursive: true });
  cpSync(join(import.meta.dirname, 'thumbnails'), content('projects/thumbnails'), { recursive: true });
  cpSync(join(import.meta.dirname, 'projects'), content('projects'), { recursive: true });
  cpSync(join(import.meta.dirname, 'about.md'), content('about.md'));
  console.log(`--- the site with the second owner's config, in ${copy}`);
  run(['tests/e2e/build.ts']);
  const args = process.argv.slice(2);
  const specs = args.some((arg) => /\.spec\.ts(:\d+)?$/.test(arg)) ? [] : CONFIG_SPECS;
  run(['node_modules/@playwright/test/cli.js', 'test', ...args, ...specs]);
  if (specs.length) {
    // The same site with writing switched off: its pages, feed and links are gone.
    const withoutBlog = config.replace(/^ {2}blog: true,$/m, '  blog: false,');
    if (withoutBlog === config) throw new Error("The second owner's config no longer switches the blog on.");
    writeFileSync(join(copy, 'src/content/site.config.ts'), withoutBlog);
    console.log("--- the second owner's site with writing switched off");
    run(['tests/e2e/build.ts']);
    run(
      ['node_modules/@playwright/test/cli.js', 'test', ...args, 'tests/e2e/switched-off.spec.ts'],
      'second-owner-no-blog',
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
  const traces = join(copy, 'test-results/playwright');
  if (existsSync(traces)) cpSync(traces, join(results, 'second-owner'), { recursive: true });
} finally {
  rmSync(copy, { recursive: true, force: true });
}

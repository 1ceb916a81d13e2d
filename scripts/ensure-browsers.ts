// Makes sure the browser tests have a Chromium: uses one that is there, else installs Debian's
// (as root) or Playwright's, else stops with a message saying what to do.
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.ts';

function run(command: string, args: string[]): boolean {
  console.log(`$ ${command} ${args.join(' ')}`);
  return (
    spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0
  );
}

let found = findChromium();
if (!found) {
  console.log('No Chromium found for the browser tests; installing one.');
  if (process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium']);
  } else {
    run(process.execPath, ['node_modules/@playwright/test/cli.js', 'install', 'chromium']);
  }
  found = findChromium();
}
if (!found) {
  console.error(
    'No Chromium for the browser tests. Install one (Debian: `sudo apt-get install chromium`; elsewhere: ' +
      '`npx playwright install chromium`) or set CHROMIUM_PATH to its executable.',
  );
  process.exit(1);
}
console.log(`Browser tests use ${found}`);

// Makes sure the browser tests have their three engines: uses those that are there, else installs
// Debian's packages (as root; Chromium elsewhere through Playwright's installer), else stops with a
// message saying what to do.
import { spawnSync } from 'node:child_process';
import { findChromium, findFirefox, findWebKit } from './browsers.ts';

const ENGINES = [
  // The headless shell makes the tests quicker (scripts/browsers.ts); the audit runs full Chromium.
  {
    name: 'Chromium',
    find: findChromium,
    packages: ['chromium', 'chromium-headless-shell'],
    variable: 'CHROMIUM_PATH',
  },
  { name: 'Firefox', find: findFirefox, packages: ['firefox-esr'], variable: 'FIREFOX_PATH' },
  {
    name: 'WebKit',
    find: findWebKit,
    packages: ['webkit2gtk-driver', 'xvfb'],
    variable: 'WEBKIT_WEBDRIVER and WEBKIT_MINIBROWSER',
  },
];

function run(command: string, args: string[]): boolean {
  console.log(`$ ${command} ${args.join(' ')}`);
  return (
    spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0
  );
}

const missing = ENGINES.filter((engine) => !engine.find());
if (missing.length) {
  console.log(`Not found for the browser tests: ${missing.map((engine) => engine.name).join(', ')}; installing.`);
  if (process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...missing.flatMap((engine) => engine.packages)]);
  } else if (missing.some((engine) => engine.name === 'Chromium')) {
    run(process.execPath, ['node_modules/@playwright/test/cli.js', 'install', 'chromium']);
  }
}
const absent = ENGINES.filter((engine) => !engine.find());
for (const engine of absent) {
  console.error(
    `No ${engine.name} for the browser tests. On Debian: \`sudo apt-get install ${engine.packages.join(' ')}\`; ` +
      `elsewhere set ${engine.variable}.`,
  );
}
if (absent.length) process.exit(1);
console.log(`Browser tests use ${findChromium()}, ${findFirefox()} and ${findWebKit()!.miniBrowser}`);

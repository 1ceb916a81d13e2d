// `npm run dev`: astro dev with hot reload, the functions (through @netlify/vite-plugin) and the
// local store, all on one port.
import { spawn } from 'node:child_process';
import { loadEnvFile } from './env-file.ts';
import { prepareLocalEnv } from './local-env.ts';

loadEnvFile();
const localEnv = await prepareLocalEnv();
console.log(`Data: ${localEnv.describeData}`);
console.log(`Mail: ${localEnv.describeMail}`);
console.log(`Chatbot: ${localEnv.describeAi}`);
if (localEnv.demoAccounts.length) console.log(`Demo accounts (local only):\n${localEnv.demoAccounts.join('\n')}`);
const port = process.env.PORT ?? '4321';
const astro = spawn(
  process.execPath,
  ['node_modules/astro/bin/astro.mjs', 'dev', '--port', port, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: process.env,
  },
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => astro.kill(signal));
astro.on('exit', (code) => {
  void localEnv.close().then(() => process.exit(code ?? 0));
});

// `npm start` (after the build) and `npm run serve`: the production-like server over dist/, on
// the local store, mail outbox and echo model unless real ones are configured. How it serves is
// in scripts/site-server.ts. Run `npm run build` first.
import { existsSync } from 'node:fs';
import { loadEnvFile } from './env-file.ts';
import { exposureOf, prepareLocalEnv } from './local-env.ts';
import { startSiteServer } from './site-server.ts';

loadEnvFile();
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first (npm start does both).');
  process.exit(1);
}

const exposure = exposureOf(host);
if (exposure.warning) console.warn(exposure.warning);
const localEnv = await prepareLocalEnv(undefined, { seed: exposure.seed });
// The links in mail sent from here (confirm an address, unsubscribe, a poll's page) lead back here.
process.env.SITE_URL ??= `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
// The audit serves its bare reference pages from a folder of its own (scripts/audit.ts).
const extraStaticDirectories = process.env.EXTRA_STATIC_DIR ? [process.env.EXTRA_STATIC_DIR] : [];
// Names other machines reach it by (HOST=0.0.0.0): any Host that is neither these nor a loopback name gets 421.
const allowedHosts = (process.env.SITE_HOSTS ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const server = await startSiteServer({ port, host, extraStaticDirectories, allowedHosts });

console.log(`Serving dist/ and netlify/functions at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
console.log(`Data: ${localEnv.describeData}`);
console.log(`Mail: ${localEnv.describeMail}`);
console.log(`Chatbot: ${localEnv.describeAi}`);
if (localEnv.demoAccounts.length) console.log(`Demo accounts (local only):\n${localEnv.demoAccounts.join('\n')}`);

async function shutdown() {
  await server.close().catch(() => undefined);
  await localEnv.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

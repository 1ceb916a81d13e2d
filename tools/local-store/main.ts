// `node tools/local-store/main.ts`: runs the local store on its own (the dev and serve scripts
// start it for you). Settings: LOCAL_STORE_PORT, LOCAL_STORE_TOKEN, LOCAL_STORE_DIR, REDIS_URL.
import { startLocalStore } from './start.ts';

const store = await startLocalStore({
  redisUrl: process.env.REDIS_URL,
  dataDir: process.env.LOCAL_STORE_DIR ?? '.data/local-store',
  port: Number(process.env.LOCAL_STORE_PORT ?? 8079),
  token: process.env.LOCAL_STORE_TOKEN,
});
console.log(`Local store (${store.engine.description}) at ${store.url}`);
console.log(`UPSTASH_REDIS_REST_URL=${store.url}\nUPSTASH_REDIS_REST_TOKEN=${store.token}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void store.close().then(() => process.exit(0)));
}

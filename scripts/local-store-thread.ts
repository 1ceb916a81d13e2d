// The local store on a thread of its own, started by scripts/local-env.ts: it posts its address
// once it listens and closes when told to.
import { parentPort, workerData } from 'node:worker_threads';
import { type LocalStoreOptions, startLocalStore } from '../tools/local-store/start.ts';

const store = await startLocalStore(workerData as LocalStoreOptions);
parentPort!.postMessage({ url: store.url, token: store.token, description: store.engine.description });
// process.exit ends this thread only.
parentPort!.once('message', () => void store.close().then(() => process.exit(0)));

// Starts one local store for the whole unit and integration run: on the real Redis at REDIS_URL
// when it is set, otherwise on the embedded engine (in memory only).
import type { TestProject } from 'vitest/node';
import { startLocalStore } from '../../tools/local-store/start.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    storeUrl: string;
    storeToken: string;
  }
}

export default async function setup(project: TestProject) {
  const store = await startLocalStore({ redisUrl: process.env.REDIS_URL });
  console.log(`Integration tests use the local store on the ${store.engine.description}.`);
  project.provide('storeUrl', store.url);
  project.provide('storeToken', store.token);
  return () => store.close();
}

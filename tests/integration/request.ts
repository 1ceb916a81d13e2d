// Helpers for calling functions the way Netlify does: a Request in, a Response out.
import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';

type Handler = (req: Request) => Promise<Response>;

/** A fresh client address, so rate limits of one test never touch another. */
export function newAddress(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

/** A username no other test (or run against a shared Redis) uses. */
export function uniqueName(prefix = 'user'): string {
  return `${prefix}_${randomUUID().slice(0, 8)}`;
}

/** Calls a function with a JSON body (or none), an optional bearer token and client address. */
export async function call(
  handler: Handler,
  {
    method = 'POST',
    body,
    token,
    address = newAddress(),
    path = '/api/test',
    headers: extra = {},
  }: {
    method?: string;
    body?: unknown;
    token?: string | undefined;
    address?: string;
    path?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { 'x-nf-client-connection-ip': address, ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await handler(
    new Request(`http://localhost${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  // Everything answers JSON but a file to save (an .ics): its text comes as `text`.
  const isJson = /^application\/json/.test(response.headers.get('content-type') ?? '');
  return {
    status: response.status,
    body: isJson ? ((await response.json()) as Record<string, unknown>) : { text: await response.text() },
    headers: response.headers,
  };
}

/** Counts the HTTP requests made to the store while `work` runs: Redis round trips. */
export async function countStoreRoundTrips(work: (tripsSoFar: () => number) => Promise<unknown>): Promise<number> {
  const storeUrl = process.env.UPSTASH_REDIS_REST_URL!;
  const realFetch = globalThis.fetch;
  let count = 0;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (String(input instanceof Request ? input.url : input).startsWith(storeUrl)) count++;
    return realFetch(input, init);
  });
  try {
    await work(() => count);
  } finally {
    spy.mockRestore();
  }
  return count;
}

/** Runs `work` with the store unreachable (nothing listens on the discard port), then restores it. */
export async function withStoreDown<T>(work: () => Promise<T>): Promise<T> {
  const storeUrl = process.env.UPSTASH_REDIS_REST_URL;
  process.env.UPSTASH_REDIS_REST_URL = 'http://127.0.0.1:9';
  try {
    return await work();
  } finally {
    process.env.UPSTASH_REDIS_REST_URL = storeUrl;
  }
}

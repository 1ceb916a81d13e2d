// The production-like server (scripts/site-server.ts) on a small project of its own: functions
// served warm and concurrently on their config.path, with the platform's context; netlify.toml's
// redirects, rewrites to functions and header rules; the 404 page; compression; the edge's rate
// limits and CDN cache; an event function told of the deploy at start. And the refusal of function
// settings it does not emulate.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EdgeRateLimiter } from './edge-emulation.ts';
import { MISDIRECTED, type SiteServer, startSiteServer } from './site-server.ts';
import { findFunction, loadFunctions, nextRun, runSchedules } from './warm-functions.ts';

const PROJECT: Record<string, string> = {
  'netlify.toml': `
[build]
  publish = "dist"

[[redirects]]
  from = "/old-home"
  to = "/"
  status = 301

[[redirects]]
  from = "/legacy/count"
  to = "/api/count"
  status = 200

[[redirects]]
  from = "/page.html"
  to = "/api/count"
  status = 200

[[redirects]]
  from = "/forced.html"
  to = "/api/count"
  status = 200
  force = true

[[headers]]
  for = "/*"
  [headers.values]
    X-Site-Rule = "applied"
    Strict-Transport-Security = "max-age=63072000; includeSubDomains; preload"
`,
  // A page policy as the build writes it (src/integrations/content-security-policy.ts).
  'dist/_headers': `/*
  Content-Security-Policy: default-src 'self'; upgrade-insecure-requests; img-src 'self' data:
`,
  'dist/index.html': '<!doctype html><title>Home</title><p>home page</p>',
  'dist/page.html': '<!doctype html><title>Page</title><p>a file shadows a rewrite that is not forced</p>',
  'dist/forced.html': '<!doctype html><title>Forced</title><p>never served: the rewrite is forced</p>',
  'dist/404.html': '<!doctype html><title>Not found</title><p>our own 404 page</p>',
  // An event function: Netlify calls it when a deploy is live; it has no route.
  'netlify/functions/on-deploy.mjs': `
export const deploys = [];
export default { async deploySucceeded(event) { deploys.push(event.deploy.context); } };
`,
  // Counts its calls in module state: a warm instance keeps it, a fresh worker per call would not.
  'netlify/functions/count.mjs': `
let calls = 0;
export default async (req, context) =>
  Response.json({
    calls: ++calls,
    ip: context.ip,
    params: context.params,
    requestId: context.requestId,
    requestIdHeader: req.headers.get('x-nf-request-id'),
    ipHeader: req.headers.get('x-nf-client-connection-ip'),
    path: new URL(req.url).pathname,
  });
export const config = { path: ['/api/count', '/api/items/:id'], excludedPath: '/api/items/hidden' };
`,
  // Answers only once a second call has arrived: calls that ran one at a time would never finish.
  'netlify/functions/together.mjs': `
const waiting = [];
export default async () => {
  await new Promise((resolve) => {
    waiting.push(resolve);
    if (waiting.length === 2) waiting.splice(0).forEach((release) => release());
  });
  return new Response('both arrived');
};
export const config = { path: '/api/together' };
`,
  'netlify/functions/post-only.mjs': `
export default async (req) => new Response('posted ' + (await req.text()));
export const config = { path: '/api/post-only', method: 'POST' };
`,
  // Streams three events 150 ms apart, counting the requests whose client left and the bodies cancelled.
  'netlify/functions/ticker.mjs': `
const state = { aborted: 0, cancelled: 0 };
export default async (req) => {
  if (req.method === 'GET') return Response.json(state);
  req.signal.addEventListener('abort', () => state.aborted++);
  let timer;
  let sent = 0;
  const body = new ReadableStream({
    start(controller) {
      timer = setInterval(() => {
        controller.enqueue(new TextEncoder().encode('data: ' + ++sent + '\\n\\n'));
        if (sent === 3) {
          clearInterval(timer);
          controller.close();
        }
      }, 150);
    },
    cancel() {
      clearInterval(timer);
      state.cancelled++;
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
};
export const config = { path: '/api/ticker' };
`,
  // Refuses a body over 1 KB as src/server/http.ts does: at once by its declared length, or as soon
  // as it has read past the limit; either way the rest of the body is left unread.
  'netlify/functions/limited.mjs': `
export default async (req) => {
  if (Number(req.headers.get('content-length') ?? 0) > 1024) return new Response('too large', { status: 413 });
  let size = 0;
  for await (const chunk of req.body) {
    size += chunk.byteLength;
    if (size > 1024) return new Response('too large', { status: 413 });
  }
  return new Response('read ' + size, { headers: { 'Strict-Transport-Security': 'max-age=60' } });
};
export const config = { path: '/api/limited', method: 'POST' };
`,
  // At most three calls in any 60 s per address and site, as Netlify's edge counts them.
  'netlify/functions/limited-reads.mjs': `
export default async () => new Response('read');
export const config = { path: '/api/limited-reads', rateLimit: { windowLimit: 3, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
`,
  // Opts its answers into the CDN cache for a second, then a second more while it refreshes; counts its calls.
  'netlify/functions/cached.mjs': `
let calls = 0;
export default async (req) => {
  calls++;
  const query = new URL(req.url).searchParams;
  const headers = query.has('uncached')
    ? {}
    : { 'Netlify-CDN-Cache-Control': 'public, s-maxage=1, stale-while-revalidate=1' };
  if (query.has('vary')) headers['Netlify-Vary'] = 'header=Authorization';
  return Response.json({ calls }, { headers });
};
export const config = { path: '/api/cached' };
`,
  'netlify/functions/no-path.mjs': `
export default async () => new Response('at the default URL');
`,
};

describe('the production-like server', () => {
  let root = '';
  let server: SiteServer;
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: 'manual', ...init });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'site-server-'));
    for (const [path, content] of Object.entries(PROJECT)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    server = await startSiteServer({ root });
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("tells an event function its build is live once, at start, as Netlify's production deploy does; it has no route", async () => {
    const { deploys } = (await import(join(root, 'netlify/functions/on-deploy.mjs'))) as { deploys: string[] };
    expect(deploys).toEqual(['production']);
    expect((await get('/.netlify/functions/on-deploy')).status).toBe(404);
  });

  it('keeps a function warm between calls, with the context Netlify gives it', async () => {
    const first = await (await get('/api/count')).json();
    const second = await (
      await get('/api/count', {
        // A client cannot choose its address or the request id: the platform sets both.
        headers: { 'x-nf-client-connection-ip': '203.0.113.9', 'x-nf-request-id': 'chosen-by-client' },
      })
    ).json();
    expect(second.calls).toBe(first.calls + 1);
    expect(second.ip).toBe('127.0.0.1');
    expect(second.ipHeader).toBe('127.0.0.1');
    expect(second.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.requestIdHeader).toBe(second.requestId);
    expect(second.requestId).not.toBe(first.requestId);
  });

  it('runs calls to one function concurrently', async () => {
    const answers = await Promise.all([get('/api/together'), get('/api/together')]);
    expect(await Promise.all(answers.map((answer) => answer.text()))).toEqual(['both arrived', 'both arrived']);
  });

  it('matches config.path as Netlify does: parameters, excluded paths, methods, the default URL', async () => {
    expect(await (await get('/api/items/42/')).json()).toMatchObject({ params: { id: '42' } });
    expect(await (await get('/API/Count')).json()).toMatchObject({ path: '/API/Count' });
    const excluded = await get('/api/items/hidden');
    expect(excluded.status).toBe(404);
    expect(await excluded.text()).toContain('our own 404 page');
    expect((await get('/api/post-only')).status).toBe(404);
    const posted = await get('/api/post-only', { method: 'POST', body: 'a body' });
    expect(await posted.text()).toBe('posted a body');
    expect(await (await get('/.netlify/functions/no-path')).text()).toBe('at the default URL');
  });

  it("applies netlify.toml's redirects, and rewrites reach the functions", async () => {
    const moved = await get('/old-home');
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get('location')!, server.url).pathname).toBe('/');
    expect(await (await get('/legacy/count')).json()).toMatchObject({ path: '/legacy/count' });
    expect(await (await get('/forced.html')).json()).toMatchObject({ path: '/forced.html' });
    expect(await (await get('/page.html')).text()).toContain('a file shadows a rewrite');
  });

  it("serves files with netlify.toml's header rules, and dist/404.html with a 404 status", async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('x-site-rule')).toBe('applied');
    expect(await home.text()).toContain('home page');
    const missing = await get('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-site-rule')).toBe('applied');
    expect(await missing.text()).toContain('our own 404 page');
  });

  it('speaks plain HTTP: no HSTS and no upgrade-insecure-requests, from files or functions', async () => {
    const home = await get('/');
    expect(home.headers.get('x-site-rule')).toBe('applied');
    expect(home.headers.get('strict-transport-security')).toBeNull();
    expect(home.headers.get('content-security-policy')).toBe("default-src 'self'; img-src 'self' data:");
    const answer = await get('/api/limited', { method: 'POST', body: 'small' });
    expect(await answer.text()).toBe('read 5');
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps a connection usable after refusing a body it did not read', async () => {
    // One socket, kept alive: the second request reuses it, as a browser's would.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; text: string; reused: boolean; headers: IncomingHttpHeaders }>((done, failed) => {
        const sent = request(server.url + path, { method, agent, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            done({ status: res.statusCode ?? 0, text, reused: sent.reusedSocket, headers: res.headers }),
          );
        });
        sent.on('error', failed);
        sent.end(body);
      });
    try {
      const big = Buffer.alloc(200 * 1024, 'x');
      // Refused by its length, before any of it is read; then refused part-way (no declared length).
      expect((await send('POST', '/api/limited', big)).status).toBe(413);
      const next = await send('GET', '/api/count');
      expect(next).toMatchObject({ status: 200, reused: true });
      const streamed = await new Promise<number>((done, failed) => {
        const sent = request(server.url + '/api/limited', { method: 'POST', agent }, (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
        });
        sent.on('error', failed);
        Readable.from([big.subarray(0, 100 * 1024), big.subarray(100 * 1024)]).pipe(sent);
      });
      expect(streamed).toBe(413);
      expect(await send('GET', '/api/count')).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it('answers only for loopback names and its own host: any other Host gets 421', async () => {
    const statusFor = (host: string) =>
      new Promise<{ status: number; text: string }>((done, failed) => {
        const sent = request(server.url + '/api/count', { headers: { host } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => done({ status: res.statusCode ?? 0, text }));
        });
        sent.on('error', failed);
        sent.end();
      });
    const port = new URL(server.url).port;
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `127.0.0.2:${port}`,
      `[::1]:${port}`,
      'app.localhost',
    ]) {
      expect((await statusFor(host)).status, host).toBe(200);
    }
    // A page on a name its owner made resolve here (DNS rebinding), or the machine's LAN name.
    for (const host of [`evil.example:${port}`, 'localhost.evil.example', `192.168.1.20:${port}`]) {
      expect(await statusFor(host), host).toEqual({ status: 421, text: MISDIRECTED });
    }
  });

  it('compresses text with the encoding the browser prefers', async () => {
    const brotli = await get('/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toContain('home page'); // fetch decodes it
    const gzip = await get('/api/count', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('passes a streamed body on as it is written, uncompressed', async () => {
    const started = performance.now();
    const response = await get('/api/ticker', { method: 'POST', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const reads: { text: string; at: number }[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      reads.push({ text: decoder.decode(read.value), at: performance.now() - started });
    }
    expect(reads.map((read) => read.text).join('')).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\n');
    expect(reads.length).toBeGreaterThan(1);
    // The first event arrives well before the last is written (450 ms in).
    expect(reads[0]!.at).toBeLessThan(400);
  });

  it("applies a function's config.rateLimit per address: over it, 429 without running the function", async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get('/api/limited-reads'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(await answers[3]!.text()).toBe('Too Many Requests');
    expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another function is not held back by it.
    expect((await get('/api/count')).status).toBe(200);
  });

  it('slides the rate limit’s window: each call leaves it windowSize seconds after it came', () => {
    const limiter = new EdgeRateLimiter();
    const rule = { windowLimit: 2, windowSize: 60, aggregateBy: ['ip' as const] };
    const admit = (seconds: number) => limiter.admit('fn', rule, '192.0.2.1', 'site', seconds * 1000);
    expect([admit(0), admit(10), admit(20)]).toEqual([0, 0, 40]);
    expect([admit(60), admit(61), admit(69)]).toEqual([0, 9, 1]);
    expect(admit(70)).toBe(0);
    // Thousands of calls in one window (a scaled-up limit) slide as well.
    const many = { ...rule, windowLimit: 5000 };
    for (let i = 0; i < 5000; i++) expect(limiter.admit('many', many, 'a', 'b', i)).toBe(0);
    expect(limiter.admit('many', many, 'a', 'b', 5000)).toBe(55);
    expect(limiter.admit('many', many, 'a', 'b', 60_000)).toBe(0);
    // By 63 s, 3,001 calls have left (the list is compacted) and 2,000 are in: 3,000 more fill it.
    for (let i = 0; i < 3000; i++) expect(limiter.admit('many', many, 'a', 'b', 63_000)).toBe(0);
    expect(limiter.admit('many', many, 'a', 'b', 63_000)).toBe(1);
  });

  it('caches what a function opts into with Netlify-CDN-Cache-Control, by the whole URL and the headers Netlify-Vary names, fresh then stale while it refreshes', async () => {
    const read = async (path: string) => {
      const answer = await get(path);
      expect(answer.headers.get('netlify-cdn-cache-control')).toBeNull(); // never shown to the browser
      return { calls: ((await answer.json()) as { calls: number }).calls, status: answer.headers.get('cache-status') };
    };
    const first = await read('/api/cached?v=1');
    expect(first.status).toBe('"Netlify Edge"; fwd=miss; stored');
    expect(await read('/api/cached?v=1')).toEqual({ calls: first.calls, status: '"Netlify Edge"; hit' });
    // Another query string is another entry; an answer without the header is never kept.
    expect((await read('/api/cached?v=2')).calls).toBe(first.calls + 1);
    expect((await read('/api/cached?uncached')).status).toBe('"Netlify Edge"; fwd=miss');
    expect((await read('/api/cached?uncached')).calls).toBe(first.calls + 3);
    // Netlify-Vary keys it by the headers it names too: a request with a token is not given a guest's answer.
    const guest = await read('/api/cached?vary');
    expect((await read('/api/cached?vary')).calls).toBe(guest.calls);
    const withToken = await get('/api/cached?vary', { headers: { Authorization: 'Bearer x' } });
    expect(((await withToken.json()) as { calls: number }).calls).toBe(guest.calls + 1);
    expect(withToken.headers.get('netlify-vary')).toBeNull();
    // Stale: the cached answer still, while one call refreshes it; then the fresh one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await read('/api/cached?v=1')).toEqual({ calls: first.calls, status: '"Netlify Edge"; hit; fwd=stale' });
    await expect.poll(async () => (await read('/api/cached?v=1')).calls).toBe(first.calls + 6);
  });

  it('aborts the request’s signal and cancels the body when the client leaves part-way', async () => {
    const state = async () => (await get('/api/ticker')).json() as Promise<{ aborted: number; cancelled: number }>;
    const before = await state();
    const leaving = new AbortController();
    const response = await get('/api/ticker', { method: 'POST', signal: leaving.signal });
    const reader = response.body!.getReader();
    await reader.read();
    leaving.abort();
    await expect
      .poll(state, { timeout: 3000 })
      .toEqual({ aborted: before.aborted + 1, cancelled: before.cancelled + 1 });
  });
});

describe('loadFunctions', () => {
  it('refuses a function whose settings the local server would silently ignore', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'warm-functions-'));
    try {
      writeFileSync(
        join(directory, 'static-first.mjs'),
        `export default () => new Response('');\nexport const config = { path: '/x', preferStatic: true };\n`,
      );
      await expect(loadFunctions(directory)).rejects.toThrow('static-first.mjs: config.preferStatic is not emulated');
      rmSync(join(directory, 'static-first.mjs'));
      writeFileSync(
        join(directory, 'cron.mjs'),
        `export default () => new Response('');\nexport const config = { schedule: '5 4 * * *' };\n`,
      );
      await expect(loadFunctions(directory)).rejects.toThrow("cron.mjs: config.schedule '5 4 * * *' is not emulated");
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('gives a scheduled function no route, and calls it when its schedule comes round, as Netlify does', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'warm-functions-'));
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 26, 23, 59, 30) });
    try {
      writeFileSync(
        join(directory, 'nightly.mjs'),
        `export const calls = [];\nexport default async (req) => { calls.push(await req.json()); return new Response(null, { status: 204 }); };\nexport const config = { schedule: '@daily' };\n`,
      );
      const functions = await loadFunctions(directory);
      expect(findFunction(functions, 'POST', '/.netlify/functions/nightly')).toBeUndefined();
      expect(nextRun('@daily', Date.UTC(2026, 10, 26, 23, 59, 30))).toBe(Date.UTC(2026, 10, 27));
      expect(nextRun('@hourly', Date.UTC(2026, 10, 26, 8, 0))).toBe(Date.UTC(2026, 10, 26, 9, 0));
      const { calls } = (await import(join(directory, 'nightly.mjs'))) as { calls: unknown[] };
      const stop = runSchedules(functions, 'http://127.0.0.1:1');
      await vi.advanceTimersByTimeAsync(29_000);
      expect(calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(2000);
      expect(calls).toEqual([{ next_run: '2026-11-28T00:00:00.000Z' }]);
      stop();
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

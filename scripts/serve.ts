// The production-like server behind `npm start` and the browser tests: dist/ plus the functions,
// with netlify.toml's redirects and headers applied by Netlify's own local emulation, and
// responses compressed as Netlify's CDN does. Run `npm run build` first.
import { existsSync, readdirSync } from 'node:fs';
import { type IncomingMessage, createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { NetlifyDev } from '@netlify/dev';
import { fromWebResponse } from '@netlify/dev-utils';
import { prepareLocalEnv } from './local-env.ts';
import { netlifyLocalFeatures } from './netlify-local-features.mjs';

const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first (npm start does both).');
  process.exit(1);
}

const localEnv = await prepareLocalEnv();
const netlify = new NetlifyDev({
  projectRoot: process.cwd(),
  serverAddress: null,
  staticFiles: { directories: ['dist'] },
  ...netlifyLocalFeatures,
});
await netlify.start();
const functionRoutes = await loadFunctionRoutes();

const server = createServer(async (req, res) => {
  try {
    const match = await oneAtATime(req, () => netlify.handleAndIntrospectNodeRequest(req));
    const response = match?.response ?? (await notFoundPage());
    // A visitor who navigated away aborts its calls; that is no server error.
    if (response.status >= 500 && !req.destroyed) await logServerError(req, response);
    await fromWebResponse(compress(response, req), res);
  } catch (error) {
    console.error(`Failed to serve ${req.method} ${req.url}:`, error);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('Internal error');
  }
});

/**
 * Loads each function's route (its `config.path`). The emulation builds a function into a
 * per-request folder and hands a concurrent call to the same function that build, then deletes
 * the folder when the first call ends: the second fails with "Cannot find module …". So calls to
 * one function run one at a time here; calls to different functions still overlap. (Netlify
 * itself has no such limit.)
 */
async function loadFunctionRoutes(): Promise<{ name: string; pattern: URLPattern }[]> {
  const directory = resolve('netlify/functions');
  const files = readdirSync(directory).filter((file) => /\.m?[jt]s$/.test(file) && !/\.test\./.test(file));
  const routes = await Promise.all(
    files.map(async (file) => {
      const { config } = (await import(join(directory, file))) as { config?: { path?: string } };
      return config?.path ? { name: file, pattern: new URLPattern({ pathname: config.path }) } : undefined;
    }),
  );
  return routes.filter((route) => route !== undefined);
}

const running = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task for the same function has finished. */
function oneAtATime<T>(req: IncomingMessage, task: () => Promise<T>): Promise<T> {
  const pathname = new URL(req.url ?? '/', 'http://local').pathname;
  const route = functionRoutes.find(({ pattern }) => pattern.test({ pathname }));
  if (!route) return task();
  const next = (running.get(route.name) ?? Promise.resolve()).then(task);
  running.set(
    route.name,
    next.catch(() => undefined),
  );
  return next;
}

/** Logs a 5xx with its body, so a failure in the emulation itself (not our JSON errors) can be traced. */
async function logServerError(req: IncomingMessage, response: Response): Promise<void> {
  const body = await response
    .clone()
    .text()
    .catch(() => '');
  console.error(`${req.method} ${req.url} answered ${response.status}: ${body.slice(0, 500)}`);
}

/** Answers an unmatched path as Netlify does: dist/404.html, its header rules, status 404. */
async function notFoundPage(): Promise<Response> {
  const page = await netlify.handle(new Request(`http://${host}:${port}/404.html`));
  if (!page) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  return new Response(page.body, { status: 404, headers: page.headers });
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** Compresses text responses with brotli or gzip, whichever the browser prefers, as the CDN does. */
function compress(response: Response, req: IncomingMessage): Response {
  const type = response.headers.get('content-type') ?? '';
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (!response.body || response.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return response;
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (!encoding) return response;
  const compressor =
    encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip();
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(compressor);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-encoding', encoding);
  headers.append('vary', 'Accept-Encoding');
  return new Response(Readable.toWeb(body) as ReadableStream, { status: response.status, headers });
}

server.listen(port, host, () => {
  console.log(`Serving dist/ and netlify/functions at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
  console.log(`Data: ${localEnv.describeData}`);
  console.log(`Mail: ${localEnv.describeMail}`);
  console.log(`Chatbot: ${localEnv.describeAi}`);
  if (localEnv.demoAccounts.length) console.log(`Demo accounts (local only):\n${localEnv.demoAccounts.join('\n')}`);
});

async function shutdown() {
  server.closeAllConnections();
  server.close();
  await netlify.stop().catch(() => undefined);
  await localEnv.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

// The production-like server behind `npm start` and the browser tests: dist/ plus the functions,
// with netlify.toml's redirects and headers applied by Netlify's own local emulation, and
// responses compressed as Netlify's CDN does. Run `npm run build` first.
import { existsSync } from 'node:fs';
import { type IncomingMessage, createServer } from 'node:http';
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

const server = createServer(async (req, res) => {
  try {
    const match = await netlify.handleAndIntrospectNodeRequest(req);
    const response = match?.response ?? (await notFoundPage());
    await fromWebResponse(compress(response, req), res);
  } catch (error) {
    console.error(`Failed to serve ${req.method} ${req.url}:`, error);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('Internal error');
  }
});

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

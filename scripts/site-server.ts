// The production-like server behind `npm start`, the browser tests, `npm run audit` and `npm run
// bench`: each request goes where Netlify would send it. A function whose `config.path` matches runs
// warm here (scripts/warm-functions.ts), behind Netlify's edge (scripts/edge-emulation.ts); a
// scheduled one when its schedule comes round; an event one's deploySucceeded once, at start. The
// rest goes to Netlify's local emulation (NetlifyDev): static files, netlify.toml's redirects and
// header rules, [build.environment]. Responses are compressed as the CDN does.
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { NetlifyDev } from '@netlify/dev';
import { fromWebResponse } from '@netlify/dev-utils';
import { RedirectsHandler } from '@netlify/redirects';
import { CdnCache, EdgeRateLimiter, RATE_LIMITED_BODY } from './edge-emulation.ts';
import {
  type FunctionMatch,
  announceDeploy,
  callFunction,
  findFunction,
  loadFunctions,
  runSchedules,
} from './warm-functions.ts';
import { netlifyLocalFeatures } from './netlify-local-features.mjs';

export interface SiteServerOptions {
  /** The project: its netlify.toml, `dist/` (the built site) and the functions folder. */
  root?: string;
  /** netlify.toml's [functions] directory, relative to `root`. */
  functionsDirectory?: string;
  port?: number;
  host?: string;
  /** Folders served after dist/ (the audit's reference pages); none on a deployed site. */
  extraStaticDirectories?: string[];
  /** Host names it answers for besides loopback ones (and `host` when that is a name or address of its own). */
  allowedHosts?: string[];
}

export interface SiteServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the site server and answers its address once it listens. */
export async function startSiteServer({
  root = process.cwd(),
  functionsDirectory = 'netlify/functions',
  port = 0,
  host = '127.0.0.1',
  extraStaticDirectories = [],
  allowedHosts = [],
}: SiteServerOptions = {}): Promise<SiteServer> {
  const ownHosts = new Set([...allowedHosts, ...(listensEverywhere(host) ? [] : [host])].map(bareHost));
  const projectRoot = resolve(root);
  const netlify = new NetlifyDev({
    projectRoot,
    serverAddress: null,
    staticFiles: { directories: [join(projectRoot, 'dist'), ...extraStaticDirectories] },
    ...netlifyLocalFeatures,
    // Its functions run each call in a fresh worker thread (half a second, nothing kept between
    // calls) and break when two calls to one function overlap: 2 requests a second, not hundreds.
    functions: { enabled: false },
  });
  await netlify.start();
  // After start(), which sets the [build.environment] variables the functions may read.
  const functions = await loadFunctions(join(projectRoot, functionsDirectory));
  // The emulation cannot hand a rewrite to a function it does not run, so rewrites are matched
  // again here, on the rules the emulation reads: netlify.toml's and the _redirects files'.
  const redirects = new RedirectsHandler({
    configPath: join(projectRoot, 'netlify.toml'),
    configRedirects: [],
    projectDir: projectRoot,
    publicDir: join(projectRoot, 'dist'),
    jwtRoleClaim: '',
    jwtSecret: '',
  });

  /** Finds the function a rewrite rule (status 200, not a redirect) sends this request to. */
  async function rewriteToFunction(req: IncomingMessage, url: URL) {
    const rule = await redirects.match(new Request(url, { method: req.method, headers: headersOf(req) }));
    if (!rule || rule.redirect || rule.external || (rule.statusCode ?? 200) !== 200) return undefined;
    const match = findFunction(functions, req.method ?? 'GET', rule.target.pathname);
    return match && { match, force: rule.force };
  }

  const limiter = new EdgeRateLimiter();
  const cache = new CdnCache();

  /**
   * Runs a function as Netlify's edge does: a call over its rate limit gets 429 without running
   * it; a GET may be answered from the CDN cache.
   */
  function call(match: FunctionMatch, req: IncomingMessage, url: URL, signal: AbortSignal): Promise<Response> {
    const { rateLimit } = match.fn;
    const ip = clientIp(req);
    const wait = rateLimit ? limiter.admit(match.fn.name, rateLimit, ip, url.host) : 0;
    if (wait > 0) {
      const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(wait) };
      return Promise.resolve(new Response(RATE_LIMITED_BODY, { status: 429, headers }));
    }
    if (req.method !== 'GET') return callFunction(match, functionRequest(req, url, signal));
    // A refresh in the background outlives the request that started it: it is not aborted when that client leaves.
    const headers = headersOf(req);
    return cache.serve(url, headers, (inBackground) =>
      callFunction(match, functionRequest(req, url, inBackground ? new AbortController().signal : signal, headers)),
    );
  }

  /** Answers a request as Netlify would: function, redirect or file, else the 404 page. */
  async function answer(req: IncomingMessage, signal: AbortSignal): Promise<Response> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const method = req.method ?? 'GET';
    // A function's own path comes before redirects and files, as on Netlify.
    const direct = findFunction(functions, method, url.pathname);
    if (direct) return call(direct, req, url, signal);
    // A rewrite to a function runs it, unless (not forced) a file exists at the requested path.
    const rewrite = await rewriteToFunction(req, url);
    if (rewrite?.force) return call(rewrite.match, req, url, signal);
    const served = await netlify.handleAndIntrospectNodeRequest(req);
    if (served) return served.response;
    if (rewrite) return call(rewrite.match, req, url, signal);
    return notFoundPage(url);
  }

  /** Answers an unmatched path as Netlify does: dist/404.html, its header rules, status 404. */
  async function notFoundPage(url: URL): Promise<Response> {
    const page = await netlify.handle(new Request(new URL('/404.html', url)));
    if (!page) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    return new Response(page.body, { status: 404, headers: page.headers });
  }

  const server = createServer(async (req, res) => {
    // The client leaving before the answer ends aborts the request's signal, as on Netlify, so a
    // streaming function can stop its work (the chatbot aborts its model call).
    const left = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) left.abort();
    });
    if (!answersFor(req.headers.host, ownHosts)) {
      // A page on another name that resolves here (DNS rebinding) would otherwise count as this site.
      res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
      res.end(MISDIRECTED);
      return;
    }
    try {
      const response = await answer(req, left.signal);
      await send(compress(overPlainHttp(response), req), res, left.signal);
      discardUnreadBody(req);
    } catch (error) {
      if (left.signal.aborted) return; // nobody to answer
      console.error(`Failed to serve ${req.method} ${req.url}:`, error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal error');
    }
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(port, host, listening);
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  // This build is live: the event functions hear it (the store takes this version's layout) before
  // the server is handed on. The scheduled functions run when their schedule comes round.
  await announceDeploy(functions, url);
  const stopSchedules = runSchedules(functions, url);
  return {
    url,
    async close() {
      stopSchedules();
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
      await netlify.stop();
    },
  };
}

/** The client's address as Netlify's edge sees it. */
const clientIp = (req: IncomingMessage) => (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');

/**
 * The request a function gets, as Netlify's edge hands it on: the client's address and a request
 * id set by the platform (never taken from the client), the URL the client asked for.
 */
function functionRequest(req: IncomingMessage, url: URL, signal: AbortSignal, headers = headersOf(req)): Request {
  const sent = new Headers(headers);
  sent.set('x-nf-client-connection-ip', clientIp(req));
  sent.set('x-nf-request-id', randomUUID());
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // Through a stream of its own, so that the function cancelling the body (refusing one too large)
  // ends that stream, not the connection: what it left unread is discarded after the answer.
  const body = hasBody ? (Readable.toWeb(req.pipe(new PassThrough())) as ReadableStream) : null;
  // Node needs `duplex` for a streamed body; the DOM's RequestInit type does not know it.
  return new Request(url, { method, headers: sent, body, signal, duplex: 'half' } as RequestInit);
}

/**
 * Writes a web Response to the Node response piece by piece as its body yields them, so a
 * streamed body reaches the client as it is written; when the client leaves, the body is
 * cancelled (its source's cancel runs) rather than read to its end.
 */
async function send(response: Response, res: ServerResponse, left: AbortSignal): Promise<void> {
  if (!response.body) return fromWebResponse(response, res);
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  left.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || left.aborted) break;
      res.write(value);
    }
  } finally {
    left.removeEventListener('abort', cancel);
  }
  res.end();
}

/**
 * Reads and drops what the function left of the request's body (a body it refused as too large),
 * so the client's next request on this kept-alive connection is read as a request: left in the
 * socket, the rest of the body made the server reset the connection under the client's next one.
 */
export const MISDIRECTED = 'Misdirected request: this server answers only for its own host name.';

/** Whether `host` means every interface (the server is reachable from other machines). */
export const listensEverywhere = (host: string) => host === '0.0.0.0' || host === '::';

/** A Host header's name without its port, lower case: '[::1]:8888' → '::1'. */
function bareHost(header: string): string {
  const name = header.startsWith('[') ? header.slice(1, header.indexOf(']')) : header.replace(/:\d+$/, '');
  return name.toLowerCase();
}

/**
 * Whether a request's Host is one the server answers for: a loopback name (localhost and its
 * subdomains, 127.0.0.0/8, ::1) or one of its own. Any other name reaching it is a page that made
 * its name resolve here: it gets 421, so it can never read this site's answers as its own.
 */
function answersFor(header: string | undefined, ownHosts: ReadonlySet<string>): boolean {
  if (!header) return false;
  const name = bareHost(header);
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    name === '::1' ||
    ownHosts.has(name)
  );
}

function discardUnreadBody(req: IncomingMessage): void {
  if (req.complete) return;
  req.unpipe();
  req.resume();
}

/**
 * Drops what only an https site may say: this server speaks plain HTTP. A browser told to upgrade
 * insecure requests fetches every picture and script of the page over https, where nothing
 * answers (WebKit does so even on localhost), and HSTS would pin the host to https. The deployed
 * headers (netlify.toml, dist/_headers, the functions' own) keep both.
 */
function overPlainHttp(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.delete('strict-transport-security');
  const policy = headers.get('content-security-policy');
  if (policy) {
    const directives = policy.split(';').map((directive) => directive.trim());
    headers.set(
      'content-security-policy',
      directives.filter((directive) => directive && directive !== 'upgrade-insecure-requests').join('; '),
    );
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Copies a Node request's headers into web Headers. */
function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  return headers;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** A stream of events is sent as it is written: a compressor would hold its small pieces back. */
const STREAMED = /^text\/event-stream/i;

/**
 * Compresses text responses with brotli or gzip, whichever the browser prefers, as the CDN does; never an event stream.
 */
function compress(response: Response, req: IncomingMessage): Response {
  const type = response.headers.get('content-type') ?? '';
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (!response.body || response.headers.has('content-encoding') || !COMPRESSIBLE.test(type) || STREAMED.test(type))
    return response;
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (!encoding) return response;
  const compressor =
    encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip();
  const body = Readable.fromWeb(response.body as NodeReadableStream).pipe(compressor);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-encoding', encoding);
  headers.append('vary', 'Accept-Encoding');
  return new Response(Readable.toWeb(body) as ReadableStream, { status: response.status, headers });
}

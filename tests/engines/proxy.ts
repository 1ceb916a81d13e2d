// A proxy in front of the test server, one per test, that sees what each engine asks for: it notes
// every request (with its status and whether it was a prefetch), can hold back the site's scripts (a
// slow phone's connection, in every engine alike), and puts an error collector first in every page,
// because WebKit's WebDriver reports no console. The collector is a script of the site's own
// origin, which the page's policy allows like any other; it changes nothing else in the page.
import { type IncomingMessage, type ServerResponse, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where the collector is served. */
const COLLECTOR_PATH = '/__engine-tests/collect-errors.js';

/**
 * Notes in the page (html[data-engine-errors], which every engine's scripts can read) the errors it
 * reports: uncaught errors and rejections, console.error, resources that fail to load, and anything
 * the Content-Security-Policy refuses.
 */
const COLLECTOR = `(() => {
  const errors = [];
  const add = (text) => {
    errors.push(String(text).slice(0, 500));
    document.documentElement.dataset.engineErrors = JSON.stringify(errors);
  };
  document.documentElement.dataset.engineErrors = '[]';
  addEventListener('error', (event) => {
    const target = event.target;
    // A prefetch that the click on its link cuts short (Firefox reports it as failed): nothing is
    // missing. A prefetch that really fails shows among the proxy's requests.
    if (target && target.rel === 'prefetch') return;
    if (target instanceof Element) add('failed to load: <' + target.localName + '> ' + (target.currentSrc || target.src || target.href || ''));
    else if (event.message !== undefined) add('error: ' + event.message);
    else add('error event from ' + String(target) + ' ' + event.constructor.name);
  }, true);
  addEventListener('unhandledrejection', (event) => add('unhandled rejection: ' + ((event.reason && event.reason.stack) || event.reason)));
  addEventListener('securitypolicyviolation', (event) => add('refused by the CSP: ' + event.blockedURI + ' (' + event.violatedDirective + ')'));
  const consoleError = console.error;
  console.error = (...args) => {
    add('console.error: ' + args.map((arg) => (arg && arg.stack) || String(arg)).join(' '));
    consoleError.apply(console, args);
  };
})();`;

/** A request the proxy passed on. */
export interface SeenRequest {
  method: string;
  path: string;
  status: number;
  /** Sec-Purpose or Purpose: "prefetch" for a prefetch. */
  purpose: string;
  /** When its answer was sent, in ms since the proxy started. */
  at: number;
}

export interface SiteProxy {
  url: string;
  /** The requests answered so far, in order. */
  requests: SeenRequest[];
  /** Holds back each of the site's scripts (/_astro/*.js) this long before answering it. */
  holdBackScripts(ms: number): void;
  close(): Promise<void>;
}

/** The ports this worker's proxies have had: a test's site has an origin no earlier test's had. */
const usedPorts = new Set<number>();

/**
 * Starts a proxy to `target` whose requests come from `sourceAddress` (each engine is a visitor of
 * its own), on a port no earlier proxy of this worker had: nothing the browser keeps per origin (its
 * cache of the site's scripts, storage) carries over from one test to the next.
 */
export async function startProxy(target: string, sourceAddress: string): Promise<SiteProxy> {
  const started = performance.now();
  const requests: SeenRequest[] = [];
  let scriptDelay = 0;

  const server = createServer((req, res) => {
    if (req.url === COLLECTOR_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' });
      res.end(COLLECTOR);
      return;
    }
    const path = req.url ?? '/';
    // Uncompressed, so a page can be read and the collector put in.
    const headers = { ...req.headers, 'accept-encoding': 'identity' };
    const upstream = request(new URL(path, target), { method: req.method, headers, localAddress: sourceAddress });
    upstream.on('response', (answer) => {
      const seen = () =>
        requests.push({
          method: req.method ?? 'GET',
          path,
          status: answer.statusCode ?? 0,
          purpose: String(req.headers['sec-purpose'] ?? req.headers.purpose ?? ''),
          at: performance.now() - started,
        });
      const delay = /^\/_astro\/[^?]+\.js(\?|$)/.test(path) ? scriptDelay : 0;
      setTimeout(() => {
        seen();
        if (/^text\/html/.test(String(answer.headers['content-type']))) void sendPage(answer, res);
        else {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }
      }, delay);
    });
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  let port = 0;
  do {
    if (port) await new Promise((closed) => server.close(closed));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    port = (server.address() as AddressInfo).port;
  } while (usedPorts.has(port));
  usedPorts.add(port);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    holdBackScripts(ms) {
      scriptDelay = ms;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    },
  };
}

/** Sends a page with the collector as the first thing in its head. */
async function sendPage(answer: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer) chunks.push(chunk as Buffer);
  const html = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/<head>/i, `<head><script src="${COLLECTOR_PATH}"></script>`);
  const headers = { ...answer.headers };
  delete headers['content-length'];
  res.writeHead(answer.statusCode ?? 200, headers);
  res.end(html);
}

// What Netlify's edge does in front of a function, reproduced by the local server
// (scripts/site-server.ts) so tests see it: the function's own rate limit (`config.rateLimit`, a
// sliding window per client address and site) and the CDN cache a function's answer opts into
// with `Netlify-CDN-Cache-Control` (`s-maxage`/`max-age` and `stale-while-revalidate`, keyed by
// the whole URL, query string included, and by the request headers `Netlify-Vary: header=…`
// names; reported in `Cache-Status` as Netlify does).
import type { Config } from '@netlify/functions';
import { scaledForLocalRun } from '../src/server/rate-limit.ts';

type RateLimitConfig = NonNullable<Config['rateLimit']>;

/**
 * A function's rate limit as the edge applies it: at most `windowLimit` calls in any
 * `windowSize` seconds per aggregate.
 */
export interface EdgeRateLimit {
  windowLimit: number;
  windowSize: number;
  aggregateBy: ('ip' | 'domain')[];
}

/**
 * Reads a function's `config.rateLimit` as Netlify's bundler does (aggregated by domain unless
 * told otherwise); a rewrite on refusal is not emulated, so it is refused here rather than ignored.
 */
export function edgeRateLimit(file: string, config: RateLimitConfig | undefined): EdgeRateLimit | undefined {
  if (!config) return undefined;
  if (config.action === 'rewrite')
    throw new Error(`${file}: config.rateLimit's rewrite action is not emulated locally.`);
  const { windowLimit, windowSize } = config;
  if (!(windowLimit > 0 && windowSize > 0))
    throw new Error(`${file}: config.rateLimit needs a windowLimit and windowSize.`);
  return { windowLimit, windowSize, aggregateBy: config.aggregateBy ? [config.aggregateBy].flat() : ['domain'] };
}

/** Netlify's refusal of a call over a function's rate limit. */
export const RATE_LIMITED_BODY = 'Too Many Requests';

/**
 * The calls each function allowed in its sliding window, per aggregate (the function, and the
 * address and/or site its rule names). On a local run RATE_LIMIT_SCALE multiplies every limit, as
 * it does the app's own, so the bench can load one endpoint from one address.
 */
export class EdgeRateLimiter {
  /** Each key's calls, oldest first: those before `head` have left the window. */
  readonly #calls = new Map<string, { at: number[]; head: number }>();
  /** The longest window any rule has counted in: a key whose last call is older is done with. */
  #longestWindowMs = 0;

  /** Counts a call; answers the seconds to wait when the rule refuses it, else 0. */
  admit(fn: string, rule: EdgeRateLimit, ip: string, domain: string, now = Date.now()): number {
    const subject = rule.aggregateBy.map((by) => (by === 'ip' ? ip : domain)).join(' ');
    const key = `${fn} ${subject}`;
    const since = now - rule.windowSize * 1000;
    this.#longestWindowMs = Math.max(this.#longestWindowMs, rule.windowSize * 1000);
    let calls = this.#calls.get(key);
    if (!calls) this.#calls.set(key, (calls = { at: [], head: 0 }));
    // Stepping past the calls that left the window, not copying the rest: a scaled-up limit (the
    // bench's) keeps tens of thousands of calls in it.
    while (calls.head < calls.at.length && calls.at[calls.head]! <= since) calls.head++;
    if (calls.head > 1024 && calls.head * 2 > calls.at.length) {
      calls.at = calls.at.slice(calls.head);
      calls.head = 0;
    }
    if (calls.at.length - calls.head >= scaledForLocalRun(rule.windowLimit)) {
      return Math.max(1, Math.ceil((calls.at[calls.head]! - since) / 1000));
    }
    calls.at.push(now);
    if (this.#calls.size > 10_000) this.#forgetOlderThan(now - this.#longestWindowMs);
    return 0;
  }

  #forgetOlderThan(since: number): void {
    for (const [key, calls] of this.#calls) if (calls.at.at(-1)! <= since) this.#calls.delete(key);
  }
}

interface CachedAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  storedAt: number;
  freshMs: number;
  staleMs: number;
}

const CDN_HEADER = 'netlify-cdn-cache-control';
const VARY_HEADER = 'netlify-vary';

/** The request headers a `Netlify-Vary` value keys the cache by (its `header=A|B` part), lower case. */
function variedHeaders(value: string | null): string[] {
  const part = (value ?? '').split(',').find((each) => each.trim().toLowerCase().startsWith('header='));
  return part
    ? part
        .trim()
        .slice('header='.length)
        .split('|')
        .map((name) => name.trim().toLowerCase())
    : [];
}

/** A URL's cached answers: one per value of the request headers its answers vary on. */
interface CachedUrl {
  varyOn: string[];
  variants: Map<string, CachedAnswer>;
}

/** The freshness a `Netlify-CDN-Cache-Control` value gives, or undefined when it opts out of the cache. */
export function cdnFreshness(value: string | null): { freshMs: number; staleMs: number } | undefined {
  if (!value) return undefined;
  const directives = new Map(
    value.split(',').map((part) => {
      const [name, argument] = part.trim().toLowerCase().split('=');
      return [name!, argument] as const;
    }),
  );
  if (directives.has('no-store') || directives.has('private')) return undefined;
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  if (!(seconds > 0)) return undefined;
  return { freshMs: seconds * 1000, staleMs: Number(directives.get('stale-while-revalidate') ?? 0) * 1000 };
}

/**
 * The CDN's cache of function answers. A GET answered 200 with `Netlify-CDN-Cache-Control` is kept
 * under its URL: fresh, it is answered from the cache; stale within `stale-while-revalidate`, it is
 * answered from the cache while one call refreshes it; older, it is fetched again. The header
 * never reaches the browser, as on Netlify; `Cache-Status` says what happened.
 */
export class CdnCache {
  readonly #urls = new Map<string, CachedUrl>();
  readonly #refreshing = new Set<string>();

  /**
   * Answers a GET for `url` with `headers` from the cache or from `fetchAnswer`, which is told
   * whether it runs after the request was answered.
   */
  async serve(
    url: URL,
    headers: Headers,
    fetchAnswer: (inBackground: boolean) => Promise<Response>,
    now = Date.now(),
  ): Promise<Response> {
    const path = url.pathname + url.search;
    const stored = this.#urls.get(path);
    const variant = (stored?.varyOn ?? []).map((name) => headers.get(name) ?? '').join('\n');
    const cached = stored?.variants.get(variant);
    const age = cached ? now - cached.storedAt : Infinity;
    if (cached && age < cached.freshMs) return replay(cached, 'hit');
    if (cached && age < cached.freshMs + cached.staleMs) {
      const key = `${path}\n${variant}`;
      if (!this.#refreshing.has(key)) {
        this.#refreshing.add(key);
        void this.#fetchAndKeep(path, headers, () => fetchAnswer(true))
          .catch(() => undefined)
          .finally(() => this.#refreshing.delete(key));
      }
      return replay(cached, 'hit; fwd=stale');
    }
    return this.#fetchAndKeep(path, headers, () => fetchAnswer(false));
  }

  async #fetchAndKeep(path: string, headers: Headers, fetchAnswer: () => Promise<Response>): Promise<Response> {
    const response = await fetchAnswer();
    const freshness = response.status === 200 ? cdnFreshness(response.headers.get(CDN_HEADER)) : undefined;
    if (!freshness) return withCacheStatus(response, 'fwd=miss');
    const varyOn = variedHeaders(response.headers.get(VARY_HEADER));
    const kept = [...response.headers].filter(([name]) => name !== CDN_HEADER && name !== VARY_HEADER);
    const body = new Uint8Array(await response.arrayBuffer());
    const answer = { status: response.status, headers: kept, body, storedAt: Date.now(), ...freshness };
    let stored = this.#urls.get(path);
    if (!stored || stored.varyOn.join() !== varyOn.join()) {
      stored = { varyOn, variants: new Map() };
      this.#urls.set(path, stored);
    }
    stored.variants.set(varyOn.map((name) => headers.get(name) ?? '').join('\n'), answer);
    return replay(answer, 'fwd=miss; stored');
  }
}

function replay(answer: CachedAnswer, status: string): Response {
  const headers = new Headers(answer.headers);
  headers.set('cache-status', `"Netlify Edge"; ${status}`);
  return new Response(answer.body.slice(), { status: answer.status, headers });
}

function withCacheStatus(response: Response, status: string): Response {
  const headers = new Headers(response.headers);
  headers.delete(CDN_HEADER);
  headers.delete(VARY_HEADER);
  headers.set('cache-status', `"Netlify Edge"; ${status}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

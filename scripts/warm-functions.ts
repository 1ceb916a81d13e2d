// Netlify Functions served as a warm deployed instance serves them: each module in the functions
// folder is imported once, and its default handler is called for every request its `config.path`
// matches, concurrently, with module-level state kept between calls. The cold start (Netlify's
// bundle, imported in a fresh node) is covered by scripts/functions-bundle.test.ts.
import { readdirSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, Context, DeploySucceededEvent } from '@netlify/functions';
import { type EdgeRateLimit, edgeRateLimit } from './edge-emulation.ts';

/** The part of Netlify's context these functions receive: what our code reads of it. */
export type WarmContext = Pick<Context, 'ip' | 'params' | 'requestId' | 'url' | 'waitUntil'>;

type Handler = (req: Request, context: WarmContext) => Response | Promise<Response>;

export interface WarmFunction {
  name: string;
  handler: Handler;
  /** Its `deploySucceeded` event handler: Netlify calls it when a deploy is live; such a function has no route. */
  deploySucceeded?: (event: DeploySucceededEvent) => unknown;
  paths: PathPattern[];
  excludedPaths: PathPattern[];
  /** Upper-case HTTP methods the function runs for; undefined for all of them. */
  methods: string[] | undefined;
  /** Its `config.rateLimit`, which the edge applies before the function runs. */
  rateLimit: EdgeRateLimit | undefined;
  /** Its `config.schedule` ('@daily' or '@hourly'): the platform calls it then, and it has no route. */
  schedule: Schedule | undefined;
}

/** The schedules emulated here: Netlify's presets the site uses. */
export type Schedule = '@daily' | '@hourly';
const SCHEDULES: readonly string[] = ['@daily', '@hourly'];

export interface FunctionMatch {
  fn: WarmFunction;
  /** Reads the path's parameters: on demand, as URLPattern's exec costs 15 times its test. */
  params(): Record<string, string>;
}

// Settings that change how Netlify runs a function and that are not emulated here: a function
// using one fails at start-up rather than behave differently from production without a word.
// (`rateLimit` is emulated by scripts/edge-emulation.ts; `schedule`, its presets, by the site server.)
const NOT_EMULATED = ['preferStatic', 'background'] as const;

const FUNCTION_FILE = /\.m?[jt]s$/;

/** Imports every function in `directory` once and reads its routing settings. */
export async function loadFunctions(directory: string): Promise<WarmFunction[]> {
  const files = readdirSync(directory)
    .filter((file) => FUNCTION_FILE.test(file) && !file.includes('.test.'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const name = basename(file, extname(file));
      const module = (await import(pathToFileURL(join(directory, file)).href)) as {
        default?: unknown;
        config?: Config;
      };
      // A default export is the request handler, or an object of event handlers (deploySucceeded).
      const events = typeof module.default === 'object' ? (module.default as EventHandlers) : undefined;
      if (typeof module.default !== 'function' && !events?.deploySucceeded) {
        throw new Error(`${file}: the function has no default export (a handler, or { deploySucceeded }).`);
      }
      const config = module.config ?? {};
      const unsupported = NOT_EMULATED.find((setting) => setting in config);
      if (unsupported) throw new Error(`${file}: config.${unsupported} is not emulated locally.`);
      if (config.schedule !== undefined && !SCHEDULES.includes(config.schedule)) {
        throw new Error(
          `${file}: config.schedule '${config.schedule}' is not emulated locally (only ${SCHEDULES.join(', ')}).`,
        );
      }
      const { path = `/.netlify/functions/${name}`, excludedPath = [], method } = config;
      return {
        name,
        handler: (events ? refuse : module.default) as Handler,
        deploySucceeded: events?.deploySucceeded,
        // A scheduled or event function cannot be called by a URL on Netlify: the platform calls it.
        paths: config.schedule || events ? [] : [path].flat().map(pathPattern),
        excludedPaths: [excludedPath].flat().map(pathPattern),
        methods: method && [method].flat().map((each) => each.toUpperCase()),
        rateLimit: edgeRateLimit(file, config.rateLimit),
        schedule: config.schedule as Schedule | undefined,
      };
    }),
  );
}

/** The event handlers the local server emulates, of a function whose default export is an object of them. */
type EventHandlers = Pick<WarmFunction, 'deploySucceeded'>;

/** An event function's stand-in handler: nothing routes a request to it. */
const refuse = () => new Response(null, { status: 404 });

/**
 * Tells the event functions that this build is live, as Netlify does after a production deploy:
 * the local server's start is this build's deploy. A handler's failure is logged, as Netlify logs it.
 */
export async function announceDeploy(functions: WarmFunction[], url: string): Promise<void> {
  const event = {
    deploy: { id: 'local', context: 'production', state: 'ready', url, sslUrl: url, permalinkUrl: url },
    site: { id: 'local', name: 'local', url },
  } as DeploySucceededEvent;
  for (const fn of functions) {
    if (!fn.deploySucceeded) continue;
    try {
      await fn.deploySucceeded(event);
    } catch (error) {
      console.error(`The event function ${fn.name} failed on deploySucceeded:`, error);
    }
  }
}

interface PathPattern {
  pattern: URLPattern;
  /** The pattern's literal start, lower-cased: a cheap test before URLPattern's slow one. */
  prefix: string;
}

// Netlify matches a function's paths case-insensitively, with a trailing slash ignored.
const pathPattern = (pathname: string): PathPattern => ({
  pattern: new URLPattern({ pathname }, { ignoreCase: true }),
  prefix: pathname.split(/[\\:*({?+]/)[0]!.toLowerCase(),
});

/** Finds the function that serves `method` on `pathname`. */
export function findFunction(functions: WarmFunction[], method: string, pathname: string): FunctionMatch | undefined {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const lowerCased = path.toLowerCase();
  const matches = ({ pattern, prefix }: PathPattern) =>
    lowerCased.startsWith(prefix) && pattern.test({ pathname: path });
  for (const fn of functions) {
    if (fn.methods && !fn.methods.includes(method)) continue;
    const matched = fn.paths.find(matches);
    if (!matched || fn.excludedPaths.some(matches)) continue;
    const params = () => {
      const groups = Object.entries(matched.pattern.exec({ pathname: path })?.pathname.groups ?? {});
      return Object.fromEntries(groups.filter((group): group is [string, string] => group[1] !== undefined));
    };
    return { fn, params };
  }
  return undefined;
}

/**
 * Calls a matched function as Netlify's runtime does, with the context built from the headers
 * Netlify's edge sets on the request (the client's address and the request id).
 */
export async function callFunction(match: FunctionMatch, req: Request): Promise<Response> {
  let params: Record<string, string> | undefined;
  return match.fn.handler(req, {
    ip: req.headers.get('x-nf-client-connection-ip') ?? '',
    get params() {
      return (params ??= match.params());
    },
    requestId: req.headers.get('x-nf-request-id') ?? '',
    url: new URL(req.url),
    // A long-lived server: the work runs on after the answer by itself.
    waitUntil: () => undefined,
  });
}

/** When a schedule next runs after `now` (ms): the next full hour, or the next 00:00 UTC. */
export function nextRun(schedule: Schedule, now: number): number {
  const period = schedule === '@hourly' ? 3_600_000 : 86_400_000;
  return (Math.floor(now / period) + 1) * period;
}

/**
 * Calls each scheduled function when its schedule comes round, as Netlify's scheduler does: a POST
 * with `{ next_run }` in its body, to an address on `origin` no route serves. Answers a function
 * that stops them.
 */
export function runSchedules(functions: WarmFunction[], origin: string, now = () => Date.now()): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const plan = (fn: WarmFunction & { schedule: Schedule }) => {
    const at = nextRun(fn.schedule, now());
    const timer = setTimeout(() => {
      timers.delete(timer);
      plan(fn);
      const req = new Request(`${origin}/.netlify/functions/${fn.name}`, {
        method: 'POST',
        body: JSON.stringify({ next_run: new Date(nextRun(fn.schedule, at)).toISOString() }),
      });
      const context = { ip: '', params: {}, requestId: '', url: new URL(req.url), waitUntil: () => undefined };
      Promise.resolve(fn.handler(req, context)).catch((error: unknown) =>
        console.error(`The scheduled function ${fn.name} failed:`, error),
      );
    }, at - now());
    timer.unref();
    timers.add(timer);
  };
  for (const fn of functions) if (fn.schedule) plan(fn as WarmFunction & { schedule: Schedule });
  return () => timers.forEach(clearTimeout);
}

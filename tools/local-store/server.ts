// An HTTP front that speaks the Upstash REST protocol, so the app's @upstash/redis client talks to
// the same wire format locally as in production. Dev and test tooling only: never deployed.
import { createHash, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command, Engine, Mode, Reply } from './engine.ts';

/** Requests larger than this are refused before parsing (Upstash's own limit is of the same order). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

const PATHS: Record<string, 'single' | Mode> = { '/': 'single', '/pipeline': 'pipeline', '/multi-exec': 'transaction' };

class ProtocolError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface LocalStoreServer {
  url: string;
  token: string;
  server: Server;
  engine: Engine;
  close(): Promise<void>;
}

/** Serves `engine` over the Upstash REST protocol on `host:port` (port 0 picks a free one). */
export async function serveEngine(
  engine: Engine,
  options: { token: string; port?: number; host?: string },
): Promise<LocalStoreServer> {
  const expected = digest(options.token);
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof ProtocolError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      send(res, status, { error: message });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://local').pathname.replace(/\/+$/, '') || '/';
    const kind = PATHS[path];
    if (!authorised(req.headers.authorization, expected)) throw new ProtocolError(401, 'Unauthorized');
    if (!kind) throw new ProtocolError(404, `Unknown path ${path}`);
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      throw new ProtocolError(405, 'Only POST is supported');
    }
    const body = parseBody(await readBody(req));
    const base64 = String(req.headers['upstash-encoding'] ?? '').toLowerCase() === 'base64';
    const encode = (reply: Reply): Reply => ('result' in reply && base64 ? { result: toBase64(reply.result) } : reply);

    if (kind === 'single') {
      const [reply] = await engine.run([toCommand(body)], 'pipeline');
      if (reply && 'error' in reply) return send(res, 400, reply);
      return send(res, 200, encode(reply!));
    }
    if (!Array.isArray(body) || body.length === 0)
      throw new ProtocolError(400, 'ERR the body must be a non-empty array of commands');
    const replies = await engine.run(body.map(toCommand), kind);
    send(res, 200, replies.map(encode));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    token: options.token,
    server,
    engine,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await engine.close();
    },
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares bearer tokens through fixed-length digests so the time taken says nothing about the token. */
function authorised(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match ? timingSafeEqual(digest(match[1]!), expected) : false;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_REQUEST_BYTES)
    throw new ProtocolError(413, `ERR request is larger than ${MAX_REQUEST_BYTES} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) throw new ProtocolError(413, `ERR request is larger than ${MAX_REQUEST_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ProtocolError(400, 'ERR failed to parse command: the body is not JSON');
  }
}

/** Accepts `["SET","k",1]`: strings, and numbers or booleans as the client serialises them. */
function toCommand(value: unknown): Command {
  if (!Array.isArray(value) || value.length === 0 || typeof value[0] !== 'string') {
    throw new ProtocolError(
      400,
      'ERR failed to parse command: expected a non-empty array starting with a command name',
    );
  }
  return value.map((part) => {
    if (typeof part === 'string') return part;
    if (typeof part === 'number' || typeof part === 'boolean') return String(part);
    throw new ProtocolError(400, 'ERR failed to parse command: arguments must be strings or numbers');
  });
}

/** Encodes every string in a reply, nested ones too, except the literal OK (the client's rule). */
function toBase64(value: unknown): unknown {
  if (typeof value === 'string') return value === 'OK' ? value : Buffer.from(value, 'utf8').toString('base64');
  if (Array.isArray(value)) return value.map(toBase64);
  return value;
}

function send(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return void res.end();
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

// A stand-in for Resend's HTTP API, enough of `POST /emails` for the real `resend` client to
// talk to (pointed here by RESEND_BASE_URL). Local runs keep every mail it receives in an outbox
// folder to read; tests read `sent` and switch it into failure modes. Dev and test tooling only.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** A mail as the fake received it. */
export interface ReceivedMail {
  id: string;
  from: string;
  to: string | string[];
  subject: string;
  text?: string;
  html?: string;
  replyTo?: string | string[];
  /** Attached files, their content decoded from the base64 the API carries. */
  attachments?: { filename?: string; contentType?: string; content: string }[];
  idempotencyKey?: string;
  /** Extra headers the mail carries (List-Unsubscribe). */
  headers?: Record<string, string>;
  receivedAt: string;
}

export interface FakeResend {
  /** The base URL for RESEND_BASE_URL. */
  url: string;
  /** The only API key the fake accepts. */
  apiKey: string;
  /** Every mail accepted, oldest first. */
  sent: ReceivedMail[];
  /** Makes every later send fail with this HTTP status, as Resend does when it is down; null heals it. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Starts the fake on 127.0.0.1 (port 0 picks a free one), writing each mail to `outboxDir` if given. */
export async function startFakeResend({
  port = 0,
  apiKey = `re_fake_${randomBytes(12).toString('hex')}`,
  outboxDir,
}: { port?: number; apiKey?: string; outboxDir?: string } = {}): Promise<FakeResend> {
  const sent: ReceivedMail[] = [];
  const byIdempotencyKey = new Map<string, ReceivedMail>();
  let failure: number | null = null;
  if (outboxDir) mkdirSync(outboxDir, { recursive: true });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://fake').pathname !== '/emails') {
      return reply(res, 404, { statusCode: 404, name: 'not_found', message: 'The requested endpoint does not exist.' });
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return reply(res, 401, { statusCode: 401, name: 'invalid_api_key', message: 'API key is invalid' });
    }
    if (failure !== null) {
      return reply(res, failure, { statusCode: failure, name: 'application_error', message: 'Internal server error' });
    }
    const body = (await readBody(req)) as Record<string, unknown> | undefined;
    const missing =
      ['from', 'to', 'subject'].find((field) => !body?.[field]) ?? (body?.text || body?.html ? undefined : 'text');
    if (!body || missing) {
      return reply(res, 422, {
        statusCode: 422,
        name: 'validation_error',
        message: `Missing \`${missing ?? 'body'}\` field.`,
      });
    }
    const idempotencyKey = header(req, 'idempotency-key');
    const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
    if (earlier) return reply(res, 200, { id: earlier.id });

    const mail: ReceivedMail = {
      id: randomUUID(),
      from: String(body.from),
      to: body.to as string | string[],
      subject: String(body.subject),
      text: body.text as string | undefined,
      html: body.html as string | undefined,
      replyTo: body.reply_to as string | string[] | undefined,
      ...(Array.isArray(body.attachments) ? { attachments: body.attachments.map(attachmentOf) } : {}),
      idempotencyKey,
      ...(body.headers && typeof body.headers === 'object' ? { headers: body.headers as Record<string, string> } : {}),
      receivedAt: new Date().toISOString(),
    };
    sent.push(mail);
    if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, mail);
    if (outboxDir) {
      const name = `${mail.receivedAt.replace(/[:.]/g, '-')}-${mail.id}.json`;
      writeFileSync(join(outboxDir, name), `${JSON.stringify(mail, null, 2)}\n`);
    }
    return reply(res, 200, { id: mail.id });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      reply(res, 400, { statusCode: 400, name: 'invalid_request', message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    apiKey,
    sent,
    failWith(status) {
      failure = status;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An attachment as the API carries it (base64 content, snake_case type), decoded. */
function attachmentOf(file: { filename?: string; content_type?: string; content?: string }) {
  return {
    filename: file.filename,
    contentType: file.content_type,
    content: Buffer.from(file.content ?? '', 'base64').toString('utf8'),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('Request body too large.');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

// A stand-in for an OpenAI-compatible server, enough of `POST /v1/chat/completions` for the real
// `openai` client (pointed here by OPENAI_BASE_URL). It answers by echoing, so local runs and
// browser tests get predictable replies; tests read `requests` and switch it into failure modes.
// Dev and test tooling only.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  max_tokens?: number;
  messages: { role: string; content: string }[];
}

/** How the fake answers: an echo, an empty answer, an HTTP error status, or no answer in time. */
export type FakeMode = { kind: 'echo' } | { kind: 'empty' } | { kind: 'status'; status: number } | { kind: 'hang' };

/** The tokens an answer reports in `usage`, as OpenAI does. */
export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface FakeOpenAi {
  /** The base URL for OPENAI_BASE_URL (ends in /v1). */
  url: string;
  /** Every chat request received, oldest first. */
  requests: ChatRequest[];
  setMode(mode: FakeMode): void;
  /**
   * The usage answers report: fixed numbers, null for none (as some compatible servers do), or
   * undefined for the default, an estimate of a token per four characters.
   */
  setUsage(usage: FakeUsage | null | undefined): void;
  close(): Promise<void>;
}

/** Composes the echo answer: which instruction it followed and what was asked, over two lines. */
export function echoAnswer(system: string, question: string): string {
  return `(local test model, told: "${system}")\nYou asked: ${question}`;
}

/** Starts the fake on 127.0.0.1 (port 0 picks a free one). */
export async function startFakeOpenAi({ port = 0 } = {}): Promise<FakeOpenAi> {
  const requests: ChatRequest[] = [];
  let mode: FakeMode = { kind: 'echo' };
  let fixedUsage: FakeUsage | null | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      return reply(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
    requests.push(body);
    if (mode.kind === 'hang') return; // never answers; the client's timeout must end it
    if (mode.kind === 'status') {
      return reply(res, mode.status, { error: { message: 'The fake was told to fail.', type: 'server_error' } });
    }
    const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
    const question = body.messages.findLast((message) => message.role === 'user')?.content ?? '';
    const content = mode.kind === 'empty' ? '' : echoAnswer(system, question);
    const usage =
      fixedUsage === undefined
        ? estimateUsage(body.messages.map((message) => message.content).join(''), content)
        : fixedUsage;
    return reply(res, 200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => reply(res, 400, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    setMode(next) {
      mode = next;
    },
    setUsage(next) {
      fixedUsage = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function estimateUsage(prompt: string, answer: string): FakeUsage {
  return { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: Math.ceil(answer.length / 4) };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

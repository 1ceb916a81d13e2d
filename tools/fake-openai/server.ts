// A stand-in for an OpenAI-compatible server (dev and test tooling only): enough of `POST
// /v1/chat/completions` for the real `openai` client (pointed here by OPENAI_BASE_URL). It answers
// by echoing, so local runs and browser tests get predictable replies; tests read `requests` and
// switch it into failure modes. `stream: true` is answered as OpenAI streams (chunk events, the
// usage last when asked, then `[DONE]`); `streams` says how many streams the client left part-way.
import { once } from 'node:events';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  max_tokens?: number;
  messages: { role: string; content: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

/** How the fake answers: an echo, an empty answer, an HTTP error status, or no answer in time. */
export type FakeMode =
  | { kind: 'echo' }
  | { kind: 'empty' }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  /** Streams `chunks` pieces of the echo, then drops the connection (a model failing part-way). */
  | { kind: 'cut'; chunks: number };

/** How a streamed answer is paced: the wait before its first piece and between pieces, and a piece's size. */
export interface StreamPace {
  firstChunkMs: number;
  chunkMs: number;
  chunkChars: number;
}

/** Quick enough for tests, slow enough that an answer arrives in several reads. */
export const DEFAULT_PACE: StreamPace = { firstChunkMs: 20, chunkMs: 15, chunkChars: 8 };

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
  /** Paces streamed answers (the parts given; the rest stay). */
  setPace(pace: Partial<StreamPace>): void;
  /** Streamed answers begun, finished, and left by the client before their end (it disconnected). */
  streams: { started: number; finished: number; abandoned: number };
  close(): Promise<void>;
}

/**
 * Where a streamed echo stops until its client leaves: a question saying it holds the answer
 * open after the words before it (a test's Stop, pressed while the answer is surely coming).
 */
export const HOLD = '[hold]';

/**
 * The longest instruction the echo repeats whole (a visitor's at most); a longer one is shown by its start and length.
 */
export const ECHO_INSTRUCTION_CHARS = 500;

/**
 * Composes the echo answer: which instruction it followed and what was asked, over two lines. A
 * long instruction (a prompt the server writes) is told by its first 120 characters and its
 * length. An instruction holding same-site links (`/#…`, a page's cards) is one that tells the
 * model to cite them: the answer cites the first, as a markdown link on a third line.
 */
export function echoAnswer(system: string, question: string, passages = ''): string {
  const told =
    system.length > ECHO_INSTRUCTION_CHARS ? `${system.slice(0, 120)}… (${system.length} characters)` : system;
  const source = /\/#[\w-]+/.exec(system)?.[0];
  return `(local test model, told: "${told}")\nYou asked: ${question}${source ? `\nSee [the source](${source}).` : ''}${passagesNamed(passages)}`;
}

/**
 * The passages a second system message gave (the server's "Ask about my work": `[n] Page (url)`),
 * named on a line of their own, so tests see what the model was given; or that none was.
 */
function passagesNamed(passages: string): string {
  if (passages === '') return '';
  const named = [...passages.matchAll(/^\[(\d+)\] (.+) \((\/[^)\s]*)\)$/gm)].map(
    ([, n, page, url]) => `[${n}] ${page} (${url})`,
  );
  return named.length > 0 ? `\nGiven passages: ${named.join('; ')}.` : '\nGiven no passage.';
}

/** Starts the fake on 127.0.0.1 (port 0 picks a free one). */
export async function startFakeOpenAi({
  port = 0,
  pace: initialPace = {},
}: { port?: number; pace?: Partial<StreamPace> } = {}): Promise<FakeOpenAi> {
  const requests: ChatRequest[] = [];
  let pace: StreamPace = { ...DEFAULT_PACE, ...initialPace };
  const streams = { started: 0, finished: 0, abandoned: 0 };
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
    const [system = '', passages = ''] = body.messages
      .filter((message) => message.role === 'system')
      .map((message) => message.content);
    const question = body.messages.findLast((message) => message.role === 'user')?.content ?? '';
    const content = mode.kind === 'empty' ? '' : echoAnswer(system, question, passages);
    const usage =
      fixedUsage === undefined
        ? estimateUsage(body.messages.map((message) => message.content).join(''), content)
        : fixedUsage;
    if (body.stream) {
      const cutAfter = mode.kind === 'cut' ? mode.chunks : undefined;
      return stream(res, body, content, body.stream_options?.include_usage ? usage : null, cutAfter);
    }
    return reply(res, 200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
    });
  }

  /** Streams `content` as OpenAI does, in paced pieces; counts a client leaving part-way. */
  async function stream(
    res: ServerResponse,
    body: ChatRequest,
    content: string,
    usage: FakeUsage | null,
    cutAfter: number | undefined,
  ): Promise<void> {
    streams.started++;
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices, ...extra })}\n\n`;
    let gone = false;
    res.on('close', () => {
      if (!res.writableFinished) {
        gone = true;
        streams.abandoned++;
      }
    });
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
    const hold = content.indexOf(HOLD);
    const sent = hold === -1 ? content : content.slice(0, hold);
    const pieces = sent.match(new RegExp(`[\\s\\S]{1,${pace.chunkChars}}`, 'g')) ?? [];
    for (const [i, piece] of pieces.entries()) {
      await sleep(i === 0 ? pace.firstChunkMs : pace.chunkMs);
      if (gone) return;
      if (i === cutAfter) {
        res.destroy();
        return;
      }
      res.write(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
    }
    if (hold !== -1) {
      if (!gone) await once(res, 'close');
      return;
    }
    res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
    if (usage) {
      const total = usage.prompt_tokens + usage.completion_tokens;
      res.write(chunk([], { usage: { ...usage, total_tokens: total } }));
    }
    res.end('data: [DONE]\n\n');
    streams.finished++;
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
    setPace(next) {
      pace = { ...pace, ...next };
    },
    streams,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function estimateUsage(prompt: string, answer: string): FakeUsage {
  return { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: Math.ceil(answer.length / 4) };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

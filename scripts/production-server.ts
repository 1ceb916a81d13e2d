// Starts the production-like server (scripts/serve.ts over dist/) on a free port with a fresh data
// folder, for the audit and the bench; `stop` ends that process, waits for it to close its store,
// and removes its data.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nothing listens on yet. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(base: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The server at ${base} did not come up.`);
}

export interface ProductionServer {
  base: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts scripts/serve.ts with `env` added, and waits until its health check answers. */
export async function startProductionServer(env: Record<string, string> = {}): Promise<ProductionServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-server-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['scripts/serve.ts'], {
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((ended) => server.once('exit', ended));
  // The store writes its last snapshot as it closes: its folder goes only after the process has ended.
  const stop = async () => {
    server.kill('SIGTERM');
    const stuck = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(stuck);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, stop };
}

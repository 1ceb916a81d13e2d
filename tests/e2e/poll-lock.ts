// The one-question poll is one for the whole browser run (one server, one store), and a test that
// closes it would have any vote sent meanwhile by another test refused. So the tests share it: a
// test that votes holds it open (with others that vote), the test that closes it holds it alone,
// and each waits for the other. The lock is files in the run's data folder, which every worker of
// every project shares (E2E_DATA_DIR, playwright.config.ts): a voter marks itself, then looks for
// a closer; a closer marks itself, then waits for the voters to finish; so the two never overlap.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';

const WAIT_MS = 180_000;

function lockFolder(): string {
  const folder = join(process.env.E2E_DATA_DIR ?? '.data', 'poll-lock');
  mkdirSync(folder, { recursive: true });
  return folder;
}

/**
 * Waits until `done` answers true, looking every 100 ms (a file has no event to wait on); the
 * test's timeout grows by the time waited, which is the other test's, not this one's.
 */
async function until(done: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > WAIT_MS) throw new Error(`Waited ${WAIT_MS / 1000} s for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const info = test.info();
  if (info.timeout > 0) info.setTimeout(info.timeout + (Date.now() - start));
}

/** Runs `work`, which votes in the poll, while no test closes it. */
export async function whilePollOpen<T>(work: () => Promise<T>): Promise<T> {
  const folder = lockFolder();
  const closer = join(folder, 'closer');
  const mine = join(folder, `voter-${randomUUID()}`);
  for (;;) {
    await until(() => !existsSync(closer), 'the test that closes the poll');
    writeFileSync(mine, '');
    if (!existsSync(closer)) break;
    rmSync(mine, { force: true });
  }
  try {
    return await work();
  } finally {
    rmSync(mine, { force: true });
  }
}

/** Runs `work`, which closes the poll (and opens it again before it ends), while no other test votes. */
export async function whilePollMine<T>(work: () => Promise<T>): Promise<T> {
  const folder = lockFolder();
  const closer = join(folder, 'closer');
  const claim = () => {
    try {
      writeFileSync(closer, '', { flag: 'wx' });
      return true;
    } catch {
      return false;
    }
  };
  await until(claim, 'another test that closes the poll');
  try {
    await until(() => !readdirSync(folder).some((file) => file.startsWith('voter-')), 'the tests voting now');
    return await work();
  } finally {
    rmSync(closer, { force: true });
  }
}

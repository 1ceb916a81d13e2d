import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Finds a Chromium for the browser tests: CHROMIUM_PATH, Debian's, or Playwright's own download. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own installed.
  }
  return candidates.find((path): path is string => Boolean(path) && existsSync(path!));
}

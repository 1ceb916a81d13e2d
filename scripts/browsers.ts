// Where the browser tests find their three engines (tests/e2e runs in Chromium; tests/engines in
// Chromium, Firefox and WebKit). Playwright's own Firefox and WebKit builds cannot be downloaded
// here; Debian's packages can: firefox-esr, driven over WebDriver BiDi, and WebKitGTK's
// MiniBrowser through WebKitWebDriver, which needs an X display (Xvfb's xvfb-run).
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from '@playwright/test';

const present = (path: string | undefined): path is string => Boolean(path) && existsSync(path!);

/** Finds `command` on the PATH. */
function onPath(command: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, command))
    .find(present);
}

/**
 * Finds a Chromium: CHROMIUM_PATH, Debian's headless shell (Chromium without a window's own pages:
 * the browser tests run in about two thirds of the time), Debian's Chromium, or Playwright's own
 * download. `{ full: true }` skips the shell, for the audit: Lighthouse measures the browser a visitor has.
 */
export function findChromium({ full = false } = {}): string | undefined {
  const shell = full ? [] : ['/usr/bin/chromium-headless-shell'];
  const candidates = [process.env.CHROMIUM_PATH, ...shell, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own installed.
  }
  return candidates.find(present);
}

/** Finds a Firefox that speaks WebDriver BiDi (129 or newer): FIREFOX_PATH, or Debian's ESR. */
export function findFirefox(): string | undefined {
  return [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].find(present);
}

/** What WebKit runs on: its WebDriver, the browser it drives, and the virtual display it needs. */
export interface WebKitInstall {
  webDriver: string;
  miniBrowser: string;
  xvfbRun: string;
}

/** Finds WebKitGTK's WebDriver and MiniBrowser (Debian's webkit2gtk-driver) and xvfb-run. */
export function findWebKit(): WebKitInstall | undefined {
  const webDriver = process.env.WEBKIT_WEBDRIVER ?? onPath('WebKitWebDriver');
  const miniBrowser = process.env.WEBKIT_MINIBROWSER ?? debianMiniBrowser();
  const xvfbRun = onPath('xvfb-run');
  return present(webDriver) && present(miniBrowser) && xvfbRun ? { webDriver, miniBrowser, xvfbRun } : undefined;
}

/** MiniBrowser under the machine's architecture folder, e.g. /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/. */
function debianMiniBrowser(): string | undefined {
  if (!existsSync('/usr/lib')) return undefined;
  return readdirSync('/usr/lib')
    .map((dir) => join('/usr/lib', dir, 'webkit2gtk-4.1', 'MiniBrowser'))
    .find(present);
}

import { existsSync } from 'node:fs';

/**
 * Browser tests run in a system Chromium (Debian's `chromium` package), never in a browser that
 * Playwright downloads: this machine can reach only the npm and Debian registries.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function chromiumIsInstalled(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export const CHROMIUM_MISSING_MESSAGE = `No Chromium found at ${CHROMIUM_PATH}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`;

/** Flags for a quiet headless Chromium on a machine without outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

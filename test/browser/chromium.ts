import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium package: the tests never download a browser (.ci/run installs it). */
export const CHROMIUM_PATH = process.env.TESSERA_CHROMIUM ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or false when they can (node:test's `skip` option). */
export function browserSkipReason(): string | false {
  return existsSync(CHROMIUM_PATH) ? false : `no Chromium at ${CHROMIUM_PATH}: install Debian's chromium package (apt-get install chromium; .ci/run does) or set TESSERA_CHROMIUM`;
}

/**
 * Headless Chromium as this machine runs it: no sandbox (root), no GPU, and none of the
 * background connections (updates, sync, QUIC) a closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/**
 * Debian's Chromium through playwright-core: never a downloaded browser. The flags are those of
 * the machine notes (headless, no sandbox, no background networking); a persistent profile lets a test restart the browser on the same IndexedDB.
 */
import { existsSync } from 'node:fs';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export class ChromiumMissingError extends Error {
  override readonly name = 'ChromiumMissingError' as const;
  constructor(path: string) {
    super(
      `browser tests need Debian's Chromium at ${path}, which is missing: install it with ` +
        '`apt-get install -y chromium` (.ci/run does). They never download a browser.',
    );
  }
}

/** Throws `ChromiumMissingError` when the browser is not installed, so the failure says what to do. */
export function assertChromiumInstalled(path: string = CHROMIUM_PATH): void {
  if (!existsSync(path)) throw new ChromiumMissingError(path);
}

/** A new Chromium process on `userDataDir` (created when missing; reused to restart on the same profile). */
export async function launchChromium(userDataDir: string): Promise<BrowserContext> {
  assertChromiumInstalled();
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}

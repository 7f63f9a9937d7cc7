/**
 * Everything a browser test needs, started in one call and stopped in one: a built page, the one-process
 * server (page + fake service on one 127.0.0.1 origin), and Chromium on a fresh temporary profile.
 *
 * ```ts
 * const e2e = await startE2E({ service: { seed: 3 } });
 * const page = await e2e.openPage();
 * await page.evaluate(() => window.e2e.open('a'));
 * e2e.served.service.log.count({ operation: 'trendingTv' });
 * await e2e.restartBrowser(); // a new Chromium process on the same profile
 * await e2e.close();
 * ```
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { type ServedFakeService, type ServeFakeServiceOptions, serveFakeService } from '../../../src/testing/node.js';
import { type BuildPageOptions, type BuiltPage, buildPage } from './build-page.js';
import { assertChromiumInstalled, launchChromium } from './chromium.js';

export interface StartE2EOptions {
  /**
   * Options of the fake service and of its server (the page's CSP origins, say).
   * @default seed 1, small scale, no rate limit
   */
  service?: Omit<ServeFakeServiceOptions, 'staticDir'>;
  /** Which page to build. @default the `test/e2e/pages/` page */
  page?: BuildPageOptions;
}

export interface E2EHarness {
  /** The origin serving the page and the fake service, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** The built page the server serves (build into it again, `buildPage({ outDir })`, for a new version). */
  readonly pageDir: string;
  /** The server, with `service.control` and `service.log` for the Node side of a test. */
  readonly served: ServedFakeService;
  /** The current browser context (a new one after `restartBrowser`). */
  readonly context: BrowserContext;
  readonly userDataDir: string;
  /** Opens a new tab on `path` and waits until the page's `window.e2e` is there. */
  openPage(path?: string): Promise<Page>;
  /** Closes Chromium and starts a new process on the same profile (IndexedDB, Cache Storage, workers kept). */
  restartBrowser(): Promise<BrowserContext>;
  /** Stops the browser and the server and removes the profile and the built page. */
  close(): Promise<void>;
}

export async function startE2E(options: StartE2EOptions = {}): Promise<E2EHarness> {
  // Fail before the build when there is no browser: the message says how to install it.
  assertChromiumInstalled();
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    // Reverse order of start; one failing step must not keep the others from running.
    for (const step of cleanups.reverse()) await step().catch(() => {});
  };
  try {
    const built: BuiltPage = await buildPage(options.page);
    cleanups.push(() => built.remove());
    const served = await serveFakeService({ rateLimit: false, ...options.service, staticDir: built.dir });
    cleanups.push(() => served.close());
    const userDataDir = await mkdtemp(join(tmpdir(), 'catalogue-e2e-profile-'));
    cleanups.push(() => rm(userDataDir, { recursive: true, force: true }));
    let context = await launchChromium(userDataDir);
    cleanups.push(() => context.close());
    return {
      url: served.url,
      pageDir: built.dir,
      served,
      get context() {
        return context;
      },
      userDataDir,
      async openPage(path = '/') {
        const page = await context.newPage();
        await page.goto(new URL(path, served.url).href);
        await page.waitForFunction(() => 'e2e' in window);
        return page;
      },
      async restartBrowser() {
        await context.close();
        context = await launchChromium(userDataDir);
        return context;
      },
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

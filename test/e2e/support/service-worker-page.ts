/**
 * The service-worker test page (`test/e2e/sw-page/`): built with its module worker as `/sw.js` next to the page,
 * opened in tabs, and its worker's events dispatched through the DevTools protocol (Chromium refuses periodic
 * sync registration to a page that is not an installed PWA, so tests trigger the events themselves).
 */
import { fileURLToPath } from 'node:url';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { BuildPageOptions } from './build-page.js';
import type { E2EHarness } from './e2e-harness.js';

const SW_PAGE_ROOT = fileURLToPath(new URL('../sw-page/', import.meta.url));

/** Builds `index.html` (its script under `assets/`) and `sw.ts` as `/sw.js`, the scope-wide worker's URL. */
export const SW_PAGE: BuildPageOptions = {
  root: SW_PAGE_ROOT,
  vite: {
    build: {
      rolldownOptions: {
        input: { main: `${SW_PAGE_ROOT}index.html`, sw: `${SW_PAGE_ROOT}sw.ts` },
        output: {
          entryFileNames: (chunk: { name: string }) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
        },
      },
    },
  },
};

/** A new tab on the service-worker page, once its `window.swE2E` is there. */
export async function openSwPage(e2e: E2EHarness): Promise<Page> {
  const page = await e2e.context.newPage();
  await page.goto(`${e2e.url}/`);
  await page.waitForFunction(() => 'swE2E' in window);
  return page;
}

export interface WorkerEvents {
  dispatchSync(tag: string): Promise<void>;
  dispatchPeriodicSync(tag: string): Promise<void>;
  detach(): Promise<void>;
}

/** Drives the origin's service worker registration through CDP's `ServiceWorker` domain. */
export async function workerEvents(context: BrowserContext, page: Page, origin: string): Promise<WorkerEvents> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  return {
    async dispatchSync(tag) {
      await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: id, tag, lastChance: false });
    },
    async dispatchPeriodicSync(tag) {
      await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin, registrationId: id, tag });
    },
    detach: () => cdp.detach(),
  };
}

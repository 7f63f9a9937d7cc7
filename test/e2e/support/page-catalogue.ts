/**
 * A Node-side handle on a catalogue living in the test page (`window.e2e`): each call is one `page.evaluate`,
 * so a test reads like library code while everything runs in Chromium.
 */
import type { Page } from 'playwright-core';
import type { OperationName } from '../../../src/api/endpoints.js';
import type { WriteResult } from '../../../src/store/records/write-response.js';
import type { SyncStatus } from '../../../src/sync/sync-status.js';
import type { IndexedDBDump, OpenOptions, PageParams, PullState } from '../pages/page-api.js';

export interface PageCatalogue {
  pull(operation: OperationName, params?: PageParams): Promise<WriteResult>;
  /** Starts a pull in the page and returns at once; poll it with `pullState`. */
  startPull(operation: OperationName, params?: PageParams): Promise<number>;
  pullState(id: number): Promise<PullState>;
  read(operation: OperationName, params?: PageParams): Promise<unknown>;
  configuration(): Promise<unknown>;
  status(): Promise<SyncStatus>;
  close(): Promise<void>;
}

/** Creates a catalogue in the page under `handle` and returns its Node-side handle. */
export async function openPageCatalogue(page: Page, handle: string, options: OpenOptions = {}): Promise<PageCatalogue> {
  await page.evaluate(([h, o]) => window.e2e.open(h, o), [handle, options] as const);
  return {
    pull: (operation, params) =>
      page.evaluate(([h, op, p]) => window.e2e.pull(h, op, p), [handle, operation, params] as const),
    startPull: (operation, params) =>
      page.evaluate(([h, op, p]) => window.e2e.startPull(h, op, p), [handle, operation, params] as const),
    pullState: (id) => page.evaluate((i) => window.e2e.pullState(i), id),
    read: (operation, params) =>
      page.evaluate(([h, op, p]) => window.e2e.read(h, op, p), [handle, operation, params] as const),
    configuration: () => page.evaluate((h) => window.e2e.configuration(h), handle),
    status: () => page.evaluate((h) => window.e2e.status(h), handle),
    close: () => page.evaluate((h) => window.e2e.close(h), handle),
  };
}

/** Every object store of every IndexedDB database of the page's origin, read with raw IndexedDB. */
export function dumpIndexedDB(page: Page): Promise<IndexedDBDump> {
  return page.evaluate(() => window.e2e.dumpIndexedDB());
}

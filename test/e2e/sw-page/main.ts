/**
 * The service-worker test page: a catalogue on the database its worker shares, a live view of the cached series,
 * and the page side of the background refresh, driven by the tests through `window.swE2E`.
 */

import { createCatalogue } from '../../../src/eager-entry.js';
import type { Catalogue } from '../../../src/index.js';
import {
  type BackgroundRefreshRegistration,
  type BackgroundRun,
  registerBackgroundRefresh,
} from '../../../src/sw/index.js';
import type { FreshnessOverrides } from '../../../src/sync/freshness.js';
import { createInProcessLocks } from '../../../src/sync/in-process-locks.js';
import { FAKE_ACCESS_TOKEN } from '../../../src/testing/service/options.js';
import { SW_DB_NAME, SW_TAG } from './sw-config.js';
import type { PageParams, SwE2EPageApi, WatchedSeries } from './sw-page-api.js';

let catalogue: Catalogue | undefined;
let background: BackgroundRefreshRegistration | undefined;
let watched: WatchedSeries = { status: 'none', ids: [], total: 0, emissions: 0 };
const runs: BackgroundRun[] = [];
let requestsSent = 0;
let refreshing: ReturnType<SwE2EPageApi['refreshState']> = { state: 'none' };

function opened(): Catalogue {
  if (!catalogue) throw new Error('swE2E.open() first');
  return catalogue;
}

function registered(): BackgroundRefreshRegistration {
  if (!background) throw new Error('swE2E.registerWorker() first');
  return background;
}

// The page forwards whatever operation and parameters a test names: the engine validates them like any call.
type AnyCall = (operation: string, params?: PageParams) => Promise<unknown>;
const pullOf = (): AnyCall => opened().sync.pull as unknown as AnyCall;
const readOf = (): AnyCall => opened().read as unknown as AnyCall;

const api: SwE2EPageApi = {
  open(options = {}) {
    if (catalogue) throw new Error('a catalogue is already open in this tab');
    catalogue = createCatalogue({
      baseUrl: location.origin,
      accessToken: FAKE_ACCESS_TOKEN,
      dbName: options.dbName ?? SW_DB_NAME,
      ...(options.ownLock ? { locks: createInProcessLocks() } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.freshness ? { freshness: options.freshness as FreshnessOverrides } : {}),
    });
    catalogue.on('request', () => {
      requestsSent += 1;
    });
  },
  pull: (operation, params) => pullOf()(operation, params) as ReturnType<SwE2EPageApi['pull']>,
  async pullAll(operation, calls) {
    const settled = await Promise.allSettled(calls.map((params) => pullOf()(operation, params)));
    const failed = settled.flatMap((s) => (s.status === 'rejected' ? [String((s.reason as Error)?.name)] : []));
    return { stored: settled.length - failed.length, failed };
  },
  read: (operation, params) => readOf()(operation, params),
  async refreshAt(at) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    return opened().sync.refresh();
  },
  startRefresh() {
    refreshing = { state: 'pending' };
    opened()
      .sync.refresh()
      .then(
        (value) => {
          refreshing = { state: 'fulfilled', value };
        },
        (error: unknown) => {
          refreshing = { state: 'rejected', error: String(error) };
        },
      );
  },
  refreshState: () => refreshing,
  watchSeries() {
    const view = opened().local.discoverTv({ sort_by: 'popularity.desc' });
    let emissions = 0;
    view.subscribe(() => {
      const snapshot = view.getSnapshot();
      emissions += 1;
      watched = {
        status: snapshot.status,
        ids: snapshot.data?.results.map((series) => series.id) ?? [],
        total: snapshot.data?.total_results ?? 0,
        emissions,
      };
    });
  },
  watchedSeries: () => watched,
  async registerWorker() {
    await navigator.serviceWorker.register('/sw.js', { type: 'module', scope: '/' });
    const registration = await navigator.serviceWorker.ready;
    background = await registerBackgroundRefresh(registration, { minInterval: 3_600_000, tag: SW_TAG });
    background.onRun((run) => runs.push(run));
    return {
      mode: background.mode,
      ...(background.fallbackReason ? { fallbackReason: background.fallbackReason } : {}),
    };
  },
  workerStatus: () => registered().status(),
  refreshInWorker: () => registered().refreshNow(),
  workerRuns: () => runs,
  requestsSent: () => requestsSent,
  currentRate: () => opened().queueStats.currentRate,
  async close() {
    background?.stop();
    await catalogue?.close();
    catalogue = undefined;
  },
};

window.swE2E = api;
const ready = document.getElementById('ready');
if (ready) ready.textContent = 'ready';

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { CatalogueOptions } from '../../src/catalogue-options.js';
import { type Catalogue, createCatalogue } from '../../src/create-catalogue.js';
import { createCatalogue as createEagerCatalogue } from '../../src/eager-entry.js';
import { createManualConnectivity, type FetchLike, type ManualConnectivity } from '../../src/env.js';
import {
  createFakeService,
  createVirtualClock,
  FAKE_ACCESS_TOKEN,
  type FakeService,
  type FakeServiceOptions,
  type VirtualClock,
} from '../../src/testing/index.js';
import { seededRandom } from '../support/seeded-random.js';
import { captureInstance, captureSecrets, capturingLogger, type SecretCapture } from './secret-capture.js';

export const BASE_URL = 'http://127.0.0.1:8787';

/**
 * Which `createCatalogue` a world opens with. `lazy` is the main entry, the one users import: its core arrives by
 * dynamic import after the first answers are read. `eager` (`catalogue-sync/eager`) has its core at once; a test
 * asks for it by name, and says why, only where it needs the core there synchronously.
 */
export type CatalogueDoor = 'lazy' | 'eager';

/** What one `open()` may change for that instance only. */
export type OpenOptions = Partial<CatalogueOptions> & {
  /** Wraps the world's recording fetch (fault injection, held answers, gates). */
  wrapFetch?: (fetch: FetchLike) => FetchLike;
  /** The instance's name in `fetched` (a tab, a worker). */
  tab?: string;
  /** This instance's door, when it is not the world's (a page of the main entry next to an eager worker). */
  door?: CatalogueDoor;
};

export interface CatalogueWorldOptions {
  door?: CatalogueDoor;
  /** The virtual clock's start (default 1 November 2026, 00:00 UTC). */
  start?: number;
  /** The fake service's seed (default 7), and its other options. */
  seed?: number;
  service?: FakeServiceOptions;
  /** The seed of the catalogues' shared random (default 1). */
  randomSeed?: number;
  /** The database's name (default `catalogue-test`); `null`: none given, so the library's default. */
  dbName?: string | null;
  /**
   * `shared` (default): one connectivity for every instance, so `world.connectivity` turns them all offline.
   * `per-instance`: each instance its own (online), as separate tabs or a worker see it.
   */
  connectivity?: 'shared' | 'per-instance';
  /** Options every `open()` starts from (before its own). */
  defaults?: OpenOptions;
  /** Macrotask rounds `settle()` runs around its time step (default 10); IndexedDB-heavy suites need more. */
  settleRounds?: number;
  /**
   * Whether each of those rounds also waits a real timer turn (about a millisecond): work that takes real time
   * outside the virtual clock, such as the main entry's core arriving by dynamic import, lands only then.
   */
  settleOnTimers?: boolean;
  /**
   * Where every instance's log lines (unless an `open()` brings its own logger), events, database and the secrets
   * the fake hands out are collected, for a scan after the file.
   */
  capture?: SecretCapture;
}

/**
 * One fake service, one virtual clock, one connectivity and ONE fake IndexedDB factory, shared by every catalogue
 * a test opens: a second `open()` is another tab, or a reload (a restart after a crash) on the same database.
 */
export interface CatalogueWorld {
  readonly service: FakeService;
  readonly clock: VirtualClock;
  readonly connectivity: ManualConnectivity;
  readonly indexedDB: IDBFactory;
  /** Every request any instance sent, in order (clones: their bodies can be read). */
  readonly requests: Request[];
  /** Every URL any instance fetched, in order, as the catalogue passed it. */
  readonly urls: string[];
  /** The same URLs, each with the `tab` of the instance that fetched it. */
  readonly fetched: { tab: string; url: string }[];
  /** The writes that reached the service, in order (`METHOD path`): without the query, which holds session ids. */
  readonly writes: string[];
  /** Opens an instance on the shared database, through the world's door. */
  open(options?: OpenOptions): Catalogue;
  /** Lets queued work and IndexedDB settle, then moves virtual time by `ms`, then lets it settle again. */
  settle(ms?: number): Promise<void>;
  /** Closes every instance this world opened that is not closed yet. */
  closeAll(): Promise<void>;
}

export function catalogueWorld(options: CatalogueWorldOptions = {}): CatalogueWorld {
  const clock = createVirtualClock(options.start ?? Date.UTC(2026, 10, 1));
  const service = createFakeService({
    seed: options.seed ?? 7,
    scale: 'small',
    clock,
    baseUrl: BASE_URL,
    ...options.service,
  });
  const connectivity = createManualConnectivity(true);
  const indexedDB = new IDBFactory();
  const random = seededRandom(options.randomSeed ?? 1);
  const requests: Request[] = [];
  const urls: string[] = [];
  const fetched: { tab: string; url: string }[] = [];
  const writes: string[] = [];
  const { capture } = options;
  const opened: Catalogue[] = [];
  const rounds = options.settleRounds ?? 10;
  const settleRounds = async () => {
    for (let i = 0; i < rounds; i++) {
      await clock.flush();
      if (options.settleOnTimers) await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return {
    service,
    clock,
    connectivity,
    indexedDB,
    requests,
    urls,
    fetched,
    writes,
    open(own = {}) {
      const { wrapFetch, tab = 'main', door = options.door, ...overrides } = { ...options.defaults, ...own };
      const make = door === 'eager' ? createEagerCatalogue : createCatalogue;
      const recording: FetchLike = async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        urls.push(url);
        fetched.push({ tab, url });
        const request = new Request(input, init);
        requests.push(request.clone());
        if (request.method !== 'GET') writes.push(`${request.method} ${new URL(request.url).pathname}`);
        const response = await service.fetch(request);
        if (capture) await captureSecrets(capture, response.clone());
        return response;
      };
      const catalogue = make({
        baseUrl: BASE_URL,
        accessToken: FAKE_ACCESS_TOKEN,
        fetch: wrapFetch ? wrapFetch(recording) : recording,
        clock,
        connectivity: options.connectivity === 'per-instance' ? createManualConnectivity(true) : connectivity,
        random,
        indexedDB: { indexedDB, IDBKeyRange },
        ...(options.dbName === null ? {} : { dbName: options.dbName ?? 'catalogue-test' }),
        ...(capture ? { logger: capturingLogger(capture) } : {}),
        ...overrides,
      });
      if (capture) captureInstance(capture, catalogue);
      opened.push(catalogue);
      return catalogue;
    },
    async settle(ms = 0) {
      await settleRounds();
      if (ms > 0) await clock.advance(ms);
      await settleRounds();
    },
    async closeAll() {
      for (const catalogue of opened.splice(0)) await catalogue.close();
    },
  };
}

/** A world with its first instance open: what a test of one catalogue needs. */
export interface OneCatalogue extends CatalogueWorld {
  readonly catalogue: Catalogue;
}

/** `catalogueWorld(options)` with one instance opened at once with `options.catalogue`. */
export function oneCatalogue(options: CatalogueWorldOptions & { catalogue?: OpenOptions } = {}): OneCatalogue {
  const { catalogue: own, ...worldOptions } = options;
  const world = catalogueWorld(worldOptions);
  return { ...world, catalogue: world.open(own) };
}

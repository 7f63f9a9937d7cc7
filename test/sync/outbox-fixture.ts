import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { type Catalogue, databaseOf } from '../../src/create-catalogue.js';
import { createCatalogue } from '../../src/eager-entry.js';
import { createManualConnectivity, type ManualConnectivity } from '../../src/env.js';
import type { CatalogueDatabase } from '../../src/store/catalogue-database.js';
import {
  createFakeService,
  createVirtualClock,
  FAKE_ACCESS_TOKEN,
  type FakeService,
  type FakeServiceOptions,
  type VirtualClock,
} from '../../src/testing/index.js';
import { seededRandom } from '../support/seeded-random.js';

export const BASE_URL = 'http://127.0.0.1:8787';

/**
 * One fake service, one virtual clock, one connectivity and one IndexedDB factory, shared by every catalogue
 * instance a test opens: `open()` again is a reload of the same app on the same database.
 */
export interface OutboxFixture {
  readonly service: FakeService;
  readonly clock: VirtualClock;
  readonly connectivity: ManualConnectivity;
  readonly indexedDB: IDBFactory;
  /** Writes sent to the fake, in order (`METHOD path`), without the query (it holds session ids). */
  readonly writes: string[];
  open(): Catalogue;
  /** Lets the instances' queued work and IndexedDB settle on the virtual clock. */
  settle(ms?: number): Promise<void>;
}

/** Every database any fixture of the test file opened: scanned for secrets after the file. */
export const openedDatabases: CatalogueDatabase[] = [];
/** Every log line and event of every instance of the file, as JSON: scanned for secrets after the file. */
export const capturedOutput: string[] = [];
const EVENTS = ['mutationFailed', 'mutationSent', 'error', 'stored', 'status', 'request', 'response', 'retry'] as const;

/** Every secret the fake handed out during the file: session ids, guest session ids, request tokens. */
export const handedOutSecrets = new Set<string>([FAKE_ACCESS_TOKEN]);

export function outboxFixture(options: { service?: FakeServiceOptions } = {}): OutboxFixture {
  const clock = createVirtualClock(Date.UTC(2026, 10, 1));
  const service = createFakeService({
    seed: 11,
    scale: 'small',
    clock,
    baseUrl: BASE_URL,
    rateLimit: false,
    ...options.service,
  });
  const connectivity = createManualConnectivity(true);
  const indexedDB = new IDBFactory();
  const writes: string[] = [];
  const random = seededRandom(7);
  const fixture: OutboxFixture = {
    service,
    clock,
    connectivity,
    indexedDB,
    writes,
    open() {
      const catalogue = createCatalogue({
        baseUrl: BASE_URL,
        accessToken: FAKE_ACCESS_TOKEN,
        fetch: async (input, init) => {
          const request = new Request(input, init);
          if (request.method !== 'GET') writes.push(`${request.method} ${new URL(request.url).pathname}`);
          const response = await service.fetch(request);
          await captureSecrets(response.clone());
          return response;
        },
        clock,
        connectivity,
        random,
        indexedDB: { indexedDB, IDBKeyRange },
        dbName: 'catalogue-outbox-test',
        retry: { attempts: 2 },
        logger: {
          debug: (...args: unknown[]) => capturedOutput.push(JSON.stringify(args)),
          info: (...args: unknown[]) => capturedOutput.push(JSON.stringify(args)),
          warn: (...args: unknown[]) => capturedOutput.push(JSON.stringify(args)),
          error: (...args: unknown[]) => capturedOutput.push(JSON.stringify(args)),
        },
      });
      for (const event of EVENTS) {
        catalogue.on(event, (...args: unknown[]) => capturedOutput.push(JSON.stringify([event, ...args])));
      }
      openedDatabases.push(databaseOf(catalogue));
      return catalogue;
    },
    async settle(ms = 0) {
      for (let i = 0; i < 20; i++) {
        await clock.flush();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      if (ms > 0) await clock.advance(ms);
      for (let i = 0; i < 20; i++) {
        await clock.flush();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
  };
  return fixture;
}

/** Session ids and request tokens the fake answers with become secrets the scan looks for. */
async function captureSecrets(response: Response): Promise<void> {
  const text = await response.text().catch(() => '');
  for (const key of ['session_id', 'guest_session_id', 'request_token']) {
    const match = new RegExp(`"${key}":"([^"]+)"`).exec(text);
    if (match?.[1]) handedOutSecrets.add(match[1]);
  }
}

/** Every row of every table of a database, as JSON text, with the table's name. */
export async function dumpDatabase(db: CatalogueDatabase): Promise<{ table: string; text: string }[]> {
  if (!db.isOpen()) await db.open();
  const out: { table: string; text: string }[] = [];
  for (const table of db.tables) {
    for (const row of await table.toArray()) out.push({ table: table.name, text: JSON.stringify(row) });
  }
  return out;
}

import type { IDBFactory } from 'fake-indexeddb';
import { type Catalogue, databaseOf } from '../../src/create-catalogue.js';
import type { ManualConnectivity } from '../../src/env.js';
import type { CatalogueDatabase } from '../../src/store/catalogue-database.js';
import {
  FAKE_ACCESS_TOKEN,
  type FakeService,
  type FakeServiceOptions,
  type VirtualClock,
} from '../../src/testing/index.js';
import { type CatalogueDoor, catalogueWorld } from '../helpers/catalogue-world.js';

export { BASE_URL } from '../helpers/catalogue-world.js';

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

/** Every database any fixture of the test file opened (once its core arrived): scanned for secrets after the file. */
export const openedDatabases: CatalogueDatabase[] = [];
/** Every log line and event of every instance of the file, as JSON: scanned for secrets after the file. */
export const capturedOutput: string[] = [];
const EVENTS = ['mutationFailed', 'mutationSent', 'error', 'stored', 'status', 'request', 'response', 'retry'] as const;

/** Every secret the fake handed out during the file: session ids, guest session ids, request tokens. */
export const handedOutSecrets = new Set<string>([FAKE_ACCESS_TOKEN]);

/** A `catalogueWorld` whose instances log and emit into `capturedOutput` and record the writes they send. */
export function outboxFixture(options: { service?: FakeServiceOptions; door?: CatalogueDoor } = {}): OutboxFixture {
  const writes: string[] = [];
  const capture = (...args: unknown[]) => capturedOutput.push(JSON.stringify(args));
  const world = catalogueWorld({
    // `eager` unless asked: sign-out-durable.test.ts reads the core's database and installs store middleware
    // right after `open()`, before a lazy core could have arrived.
    door: options.door ?? 'eager',
    seed: 11,
    service: { rateLimit: false, ...options.service },
    randomSeed: 7,
    dbName: 'catalogue-outbox-test',
    defaults: {
      retry: { attempts: 2 },
      logger: { debug: capture, info: capture, warn: capture, error: capture },
      wrapFetch: (fetch) => async (input, init) => {
        const request = new Request(input, init);
        if (request.method !== 'GET') writes.push(`${request.method} ${new URL(request.url).pathname}`);
        const response = await fetch(request);
        await captureSecrets(response.clone());
        return response;
      },
    },
  });
  const { clock } = world;
  return {
    service: world.service,
    clock,
    connectivity: world.connectivity,
    indexedDB: world.indexedDB,
    writes,
    open() {
      const catalogue = world.open();
      for (const event of EVENTS) {
        catalogue.on(event, (...args: unknown[]) => capturedOutput.push(JSON.stringify([event, ...args])));
      }
      // The main entry's core (and its database) arrives after the first answers are read.
      void catalogue.auth.ready().then(
        () => openedDatabases.push(databaseOf(catalogue)),
        () => {},
      );
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

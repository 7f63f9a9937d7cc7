import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import { type Catalogue, createCatalogue } from '../../src/create-catalogue.js';
import { createManualConnectivity } from '../../src/env.js';
import type { CatalogueError } from '../../src/errors/catalogue-error.js';
import { isNewerReleaseError, NewerReleaseError } from '../../src/errors/newer-release-error.js';
import { CURRENT_SCHEMA_VERSION } from '../../src/store/database/catalogue-database.js';
import { nativeVersion } from '../../src/store/database/release-fence.js';
import { createFakeService, createVirtualClock, FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { BASE_URL } from '../helpers/catalogue-world.js';

const DB = 'release-fence';
/** The database this release opens for `dbName: DB`. */
const NAME = `${DB}${DATABASE_PROTOCOL_SUFFIX}`;
const opened: Catalogue[] = [];
afterEach(async () => {
  for (const catalogue of opened.splice(0)) await catalogue.close();
});

function world() {
  const indexedDB = new IDBFactory();
  const clock = createVirtualClock(Date.UTC(2026, 10, 1));
  const service = createFakeService({ seed: 7, scale: 'small', clock, baseUrl: BASE_URL });
  const connectivity = createManualConnectivity(true);
  const open = () => {
    const catalogue = createCatalogue({
      baseUrl: BASE_URL,
      accessToken: FAKE_ACCESS_TOKEN,
      fetch: (input, init) => service.fetch(input, init),
      clock,
      connectivity,
      indexedDB: { indexedDB, IDBKeyRange },
      dbName: DB,
    });
    opened.push(catalogue);
    const stopped: CatalogueError[] = [];
    catalogue.on('stopped', (error) => stopped.push(error));
    return { catalogue, stopped };
  };
  return { indexedDB, clock, service, connectivity, open };
}

/**
 * What a newer release does when its tab opens: upgrades the database one version up (or `by` more) and drops a
 * table its schema no longer has. Resolves with the version and tables it left, once its connection closed.
 */
function upgradeAsNewerRelease(indexedDB: IDBFactory, by = 1, drop = 'readMarks') {
  const version = nativeVersion(CURRENT_SCHEMA_VERSION + by);
  return new Promise<{ version: number; tables: string[] }>((resolve, reject) => {
    const request = indexedDB.open(NAME, version);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (db.objectStoreNames.contains(drop)) db.deleteObjectStore(drop);
    };
    request.onsuccess = () => {
      const db = request.result;
      const result = { version: db.version, tables: [...db.objectStoreNames] };
      db.close();
      resolve(result);
    };
    request.onerror = () => reject(request.error);
  });
}

/** The database as installed now, read with no version (so never upgrading it). */
function installed(indexedDB: IDBFactory) {
  return new Promise<{ version: number; tables: string[]; outbox: unknown[] }>((resolve, reject) => {
    const request = indexedDB.open(NAME);
    request.onsuccess = () => {
      const db = request.result;
      const tables = [...db.objectStoreNames];
      const rows = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
      rows.onsuccess = () => {
        db.close();
        resolve({ version: db.version, tables, outbox: rows.result });
      };
      rows.onerror = () => reject(rows.error);
    };
    request.onerror = () => reject(request.error);
  });
}

/** An open catalogue of this release with a signed-in user and one change waiting (made offline). */
async function withPendingChange(w: ReturnType<typeof world>) {
  const tab = w.open();
  const session = w.service.control.createSession();
  await tab.catalogue.setUser(session);
  const movies = w.service.control.groundTruth('trendingMovies', { time_window: 'day' }) as {
    results: { id: number }[];
  };
  const items = movies.results.slice(0, 3).map((movie) => movie.id);
  const { list_id } = w.service.control.createList({ session_id: session.session_id, items });
  await tab.catalogue.sync.pull('listDetails', { list_id });
  await tab.catalogue.sync.pull('trendingMovies', { time_window: 'day' });
  w.connectivity.setOnline(false);
  await tab.catalogue.lists.removeItem({ list_id, media_id: items[0] as number });
  return { ...tab, list_id, items };
}

describe('a fence against newer releases', () => {
  it.each([1, 5])(
    'a newer schema (+%i) opened beside an open instance stops it for good with NewerReleaseError; no pending change is lost',
    async (by) => {
      const w = world();
      const tab = await withPendingChange(w);
      const view = tab.catalogue.view('trendingMovies', { time_window: 'day' });

      const newer = await upgradeAsNewerRelease(w.indexedDB, by);
      expect(newer.tables).not.toContain('readMarks');

      expect(tab.stopped).toHaveLength(1);
      expect(tab.stopped[0]).toBeInstanceOf(NewerReleaseError);
      expect((tab.stopped[0] as NewerReleaseError).newVersion).toBe(CURRENT_SCHEMA_VERSION + by);
      // Every call, reading or writing, rejects with it; views show it; the network coming back sends nothing.
      await expect(tab.catalogue.read('trendingMovies', { time_window: 'day' })).rejects.toBeInstanceOf(
        NewerReleaseError,
      );
      await expect(tab.catalogue.sync.pull('discoverTv', { page: 1 })).rejects.toBeInstanceOf(NewerReleaseError);
      await expect(
        tab.catalogue.lists.removeItem({ list_id: tab.list_id, media_id: tab.items[1] as number }),
      ).rejects.toBeInstanceOf(NewerReleaseError);
      expect(isNewerReleaseError(view.getSnapshot().error)).toBe(true);
      w.connectivity.setOnline(true);
      await w.clock.advance(60_000);

      // The instance never reopened into the newer database: its version and tables are the newer release's, and
      // the pending change is still there for the newer release to send.
      const after = await installed(w.indexedDB);
      expect(after.version).toBe(newer.version);
      expect(after.tables).toEqual(newer.tables);
      expect(after.outbox).toHaveLength(1);
      expect(after.outbox[0]).toMatchObject({ state: 'pending', mutation: { operation: 'removeListItem' } });
    },
  );

  it('a new instance of this release beside a database a newer release upgraded refuses to open it', async () => {
    const w = world();
    const first = await withPendingChange(w);
    await first.catalogue.close();
    const newer = await upgradeAsNewerRelease(w.indexedDB);

    const late = w.open();
    await expect(late.catalogue.read('trendingMovies', { time_window: 'day' })).rejects.toBeInstanceOf(
      NewerReleaseError,
    );
    expect(late.stopped.map((error) => error.name)).toEqual(['NewerReleaseError']);
    await expect(late.catalogue.sync.pull('discoverTv', { page: 1 })).rejects.toBeInstanceOf(NewerReleaseError);
    // Dexie alone would open it at the newer version and re-create the dropped table one version higher.
    const after = await installed(w.indexedDB);
    expect(after.version).toBe(newer.version);
    expect(after.tables).not.toContain('readMarks');
    expect(after.outbox).toHaveLength(1);
  });

  it('a deletion by another tab is no newer release: the instance closes its connection and goes on', async () => {
    const w = world();
    const tab = w.open();
    await tab.catalogue.sync.pull('trendingMovies', { time_window: 'day' });
    await new Promise<void>((resolve, reject) => {
      const request = w.indexedDB.deleteDatabase(NAME);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    expect(tab.stopped).toEqual([]);
    expect((await tab.catalogue.sync.pull('trendingMovies', { time_window: 'day' })).outcome).toBe('stored');
  });

  it("an older release's schema patch (one native version up) is no newer release: the instance reopens and goes on", async () => {
    const w = world();
    const tab = w.open();
    await tab.catalogue.sync.pull('trendingMovies', { time_window: 'day' });
    // What Dexie does in an older release's tab that finds the installed schema lacking an index it declares.
    await new Promise<void>((resolve, reject) => {
      const request = w.indexedDB.open(NAME, nativeVersion(CURRENT_SCHEMA_VERSION) + 1);
      request.onupgradeneeded = () => {
        request.transaction?.objectStore('syncMeta').createIndex('operation', 'operation');
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    expect(tab.stopped).toEqual([]);
    expect((await tab.catalogue.sync.pull('discoverTv', { page: 1 })).outcome).toBe('stored');
    // A new instance of this release opens it too.
    const next = w.open();
    expect(await next.catalogue.read('discoverTv', { page: 1 })).toBeDefined();
    expect(next.stopped).toEqual([]);
  });
});

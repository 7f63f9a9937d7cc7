import { Dexie, type Table } from 'dexie';
import type { IndexedDBPair } from '../env.js';
import type { ListRow, OutboxRow, UserRow } from './outbox-rows.js';
import type {
  ConfigurationRow,
  EpisodeAccountStateRow,
  EpisodeChangesRow,
  EpisodeCursorRow,
  EpisodeRow,
  ListPageRow,
  MovieRow,
  MovieVideosRow,
  PersonExternalIdsRow,
  PersonRow,
  PersonTranslationsRow,
  QuarantineRow,
  ReadMarkRow,
  SeasonRow,
  SyncMetaRow,
  TaggedImageRow,
  TvAccountStateRow,
  TvSeriesRow,
  WatchlistPageRow,
} from './rows.js';
import { version1Stores } from './schema/version-1.js';
import { upgradeToVersion2, version2Stores } from './schema/version-2.js';
import { upgradeToVersion3, version3Stores } from './schema/version-3.js';
import { version4Stores } from './schema/version-4.js';
import { version5Stores } from './schema/version-5.js';
import type { SizeLedgerRow } from './size-ledger.js';

/** The schema version the library opens databases at. */
export const CURRENT_SCHEMA_VERSION = 5;

export interface CatalogueDatabaseOptions extends IndexedDBPair {
  /** The IndexedDB database name; carries the instance's language (another language is another database). */
  name: string;
  /**
   * Called after another connection (a tab, the service worker) asked to upgrade or delete the database and
   * this connection closed to let it. Dexie reopens on the next use.
   * @default no-op
   */
  onVersionChange?: (event: IDBVersionChangeEvent) => void;
  /**
   * Called when this connection's upgrade waits for another connection to close.
   * @default no-op
   */
  onBlocked?: (event: IDBVersionChangeEvent) => void;
}

/**
 * The catalogue's Dexie database: normalized records, list pages, sync metadata, user-scoped tables,
 * quarantine and read marks. Every row type comes from the API schemas (see `rows.ts`).
 */
export class CatalogueDatabase extends Dexie {
  declare movies: Table<MovieRow, number>;
  declare tvSeries: Table<TvSeriesRow, number>;
  declare people: Table<PersonRow, number>;
  declare episodes: Table<EpisodeRow, number>;
  declare seasons: Table<SeasonRow, [number, number]>;
  declare personExternalIds: Table<PersonExternalIdsRow, number>;
  declare personTranslations: Table<PersonTranslationsRow, number>;
  declare taggedImages: Table<TaggedImageRow, string>;
  declare movieVideos: Table<MovieVideosRow, number>;
  declare configuration: Table<ConfigurationRow, string>;
  declare episodeChanges: Table<EpisodeChangesRow, string>;
  declare listPages: Table<ListPageRow, [string, number]>;
  declare syncMeta: Table<SyncMetaRow, string>;
  declare tvAccountStates: Table<TvAccountStateRow, [string, number]>;
  declare episodeAccountStates: Table<EpisodeAccountStateRow, [string, number, number, number]>;
  declare watchlistPages: Table<WatchlistPageRow, [string, string, number]>;
  declare quarantine: Table<QuarantineRow, number>;
  declare readMarks: Table<ReadMarkRow, string>;
  declare episodeCursors: Table<EpisodeCursorRow, number>;
  declare lists: Table<ListRow, number>;
  declare users: Table<UserRow, string>;
  declare outbox: Table<OutboxRow, number>;
  declare sizeLedger: Table<SizeLedgerRow, string>;

  constructor(options: CatalogueDatabaseOptions) {
    super(options.name, { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange });
    // Dexie re-parses every declared version on each `stores()` call (quadratic: it was most of a warm start's
    // construction time), and since Dexie 3 only the versions with an upgrade function, and the current one,
    // need declaring. Each declared version lists its cumulative tables (Dexie deletes the tables a version
    // leaves out). Versions 1–3 are declared as version 3 with both backfills (a version-2 database re-runs the
    // version-2 one, which is idempotent); versions 4–5 add tables only, so they are declared as the current one.
    this.version(3)
      .stores({ ...version1Stores, ...version2Stores, ...version3Stores })
      .upgrade(async (tx) => {
        await upgradeToVersion2(tx);
        await upgradeToVersion3(tx);
      });
    this.version(CURRENT_SCHEMA_VERSION).stores({ ...version4Stores, ...version5Stores });
    const { onVersionChange, onBlocked } = options;
    // Registered after Dexie's own handlers, so these run first; returning false stops Dexie's default,
    // which closes too but also writes to the console (a library must not).
    this.on('versionchange', (event) => {
      this.close({ disableAutoOpen: false });
      onVersionChange?.(event);
      return false;
    });
    this.on('blocked', (event) => {
      onBlocked?.(event);
      return false;
    });
  }

  /** Empties every table in one transaction (the schema stays). */
  async clear(): Promise<void> {
    await this.transaction('rw', this.tables, () => Promise.all(this.tables.map((table) => table.clear())));
  }
}

/**
 * Creates the database over the given IndexedDB. Like any Dexie database it opens on first use; call
 * `await db.open()` to open (and migrate) eagerly. DBCore middleware (`db.use`) must be added before it opens.
 */
export function openCatalogueDatabase(options: CatalogueDatabaseOptions): CatalogueDatabase {
  if (typeof options?.name !== 'string' || options.name === '') {
    throw new TypeError('openCatalogueDatabase: `name` must be a non-empty string');
  }
  if (typeof options.indexedDB?.open !== 'function') {
    throw new TypeError('openCatalogueDatabase: `indexedDB` must be an IDBFactory');
  }
  if (typeof options.IDBKeyRange?.bound !== 'function') {
    throw new TypeError('openCatalogueDatabase: `IDBKeyRange` must be the IDBKeyRange of the same implementation');
  }
  ensureLiveQueryGate(options);
  return new CatalogueDatabase(options);
}

/**
 * Dexie's `liveQuery` silently never runs its querier when Dexie found no global `indexedDB` at load time
 * (Node, some workers), even for a database given its own `indexedDB`. Where that global dependency is
 * missing, the injected one fills it; an existing one (a browser's) is left alone.
 */
function ensureLiveQueryGate(pair: IndexedDBPair): void {
  if (!Dexie.dependencies.indexedDB) {
    Dexie.dependencies.indexedDB = pair.indexedDB;
    Dexie.dependencies.IDBKeyRange = pair.IDBKeyRange;
  }
}

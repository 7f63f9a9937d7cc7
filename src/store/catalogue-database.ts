import { Dexie, type Table } from 'dexie';
import type { IndexedDBPair } from '../env.js';
import { bootInvalidation } from './boot-invalidation.js';
import type { BootDepsRow, BootViewRow } from './boot-rows.js';
import { openAsIs } from './open-as-is.js';
import type { OutboxBaseRow } from './optimistic-state.js';
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
import { version6Stores } from './schema/version-6.js';
import { version7Stores } from './schema/version-7.js';
import { upgradeToVersion8, version8Stores } from './schema/version-8.js';
import type { SizeLedgerRow } from './size-ledger.js';

/** The schema version the library opens databases at. */
export const CURRENT_SCHEMA_VERSION = 8;

/** Every table of the current version, cumulative (a declared version lists all its tables). */
const CURRENT_STORES = {
  ...version1Stores,
  ...version2Stores,
  ...version3Stores,
  ...version4Stores,
  ...version5Stores,
  ...version6Stores,
  ...version7Stores,
  ...version8Stores,
};

/** Databases below this version (IndexedDB's numbering: Dexie's × 10) need version 3's upgrade functions. */
const LEGACY_IDB_VERSION = 30;

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
  // Getters rather than Dexie's own table properties, which only exist once the schema is declared.
  get movies(): Table<MovieRow, number> {
    return this.table('movies');
  }
  get tvSeries(): Table<TvSeriesRow, number> {
    return this.table('tvSeries');
  }
  get people(): Table<PersonRow, number> {
    return this.table('people');
  }
  get episodes(): Table<EpisodeRow, number> {
    return this.table('episodes');
  }
  get seasons(): Table<SeasonRow, [number, number]> {
    return this.table('seasons');
  }
  get personExternalIds(): Table<PersonExternalIdsRow, number> {
    return this.table('personExternalIds');
  }
  get personTranslations(): Table<PersonTranslationsRow, number> {
    return this.table('personTranslations');
  }
  get taggedImages(): Table<TaggedImageRow, string> {
    return this.table('taggedImages');
  }
  get movieVideos(): Table<MovieVideosRow, number> {
    return this.table('movieVideos');
  }
  get configuration(): Table<ConfigurationRow, string> {
    return this.table('configuration');
  }
  get episodeChanges(): Table<EpisodeChangesRow, string> {
    return this.table('episodeChanges');
  }
  get listPages(): Table<ListPageRow, [string, number]> {
    return this.table('listPages');
  }
  get syncMeta(): Table<SyncMetaRow, string> {
    return this.table('syncMeta');
  }
  get tvAccountStates(): Table<TvAccountStateRow, [string, number]> {
    return this.table('tvAccountStates');
  }
  get episodeAccountStates(): Table<EpisodeAccountStateRow, [string, number, number, number]> {
    return this.table('episodeAccountStates');
  }
  get watchlistPages(): Table<WatchlistPageRow, [string, string, number]> {
    return this.table('watchlistPages');
  }
  get quarantine(): Table<QuarantineRow, number> {
    return this.table('quarantine');
  }
  get readMarks(): Table<ReadMarkRow, string> {
    return this.table('readMarks');
  }
  get episodeCursors(): Table<EpisodeCursorRow, number> {
    return this.table('episodeCursors');
  }
  get lists(): Table<ListRow, number> {
    return this.table('lists');
  }
  get users(): Table<UserRow, string> {
    return this.table('users');
  }
  get outbox(): Table<OutboxRow, number> {
    return this.table('outbox');
  }
  get outboxBase(): Table<OutboxBaseRow, string> {
    return this.table('outboxBase');
  }
  get sizeLedger(): Table<SizeLedgerRow, string> {
    return this.table('sizeLedger');
  }
  get bootViews(): Table<BootViewRow, string> {
    return this.table('bootViews');
  }
  get bootDeps(): Table<BootDepsRow, string> {
    return this.table('bootDeps');
  }
  /** The IndexedDB this database lives in (`readStoredDirect` opens its own short connection to it). */
  readonly idb: IndexedDBPair;

  constructor(options: CatalogueDatabaseOptions) {
    super(options.name, { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange });
    this.idb = { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange };
    // Every write transaction deletes the boot rows it makes wrong, whoever writes (engine, worker, eviction).
    this.use(bootInvalidation);
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

  #declared = false;

  /**
   * Declares the schema, at the first use that needs it (a table, a transaction, the open), not in the
   * constructor: parsing 25 tables is most of what constructing the database costs, and a new page's first
   * snapshot comes from a direct read (`readStoredDirect`) that needs none of it.
   *
   * Dexie re-parses every declared version on each `stores()` call, and rebuilds its middleware stacks. Since
   * Dexie 3 only versions with an upgrade function need declaring (it diffs the installed schema against the
   * declared one), and those (versions 2 and 3's backfills) only matter to a database still below version 3:
   * `open()` declares them after a look at the installed version, so every other start parses one version.
   */
  #declare(): void {
    if (this.#declared) return;
    this.#declared = true;
    // Version 8's upgrade turns version-7 outbox rows' undo snapshots into bases; Dexie runs it only for a database
    // below version 8, so declaring it costs every other start nothing but the function.
    this.version(CURRENT_SCHEMA_VERSION).stores(CURRENT_STORES).upgrade(upgradeToVersion8);
  }

  override get tables(): Table[] {
    this.#declare();
    return super.tables;
  }

  static {
    // `table()` and every overload of `transaction()` forward to Dexie's, unchanged, once the schema is declared
    // (patched here rather than overridden: their overloads would have to be restated).
    const { table, transaction } = Dexie.prototype;
    CatalogueDatabase.prototype.table = function (this: CatalogueDatabase, name: string) {
      this.#declare();
      return table.call(this, name);
    } as CatalogueDatabase['table'];
    CatalogueDatabase.prototype.transaction = function (this: CatalogueDatabase, ...args: unknown[]) {
      this.#declare();
      return (transaction as (...forwarded: unknown[]) => unknown).apply(this, args);
    } as CatalogueDatabase['transaction'];
  }

  #legacyChecked: Promise<void> | undefined;

  /**
   * Opens (and migrates). Every open, explicit or Dexie's automatic one on first use, comes here; the first
   * declares the legacy upgrade functions when the installed database needs them.
   */
  override open() {
    this.#declare();
    this.#legacyChecked ??= this.#declareLegacyIfDue();
    return Dexie.Promise.resolve(this.#legacyChecked).then(() => super.open());
  }

  async #declareLegacyIfDue(): Promise<void> {
    const installed = await openAsIs(this.idb, this.name);
    const version = installed?.version ?? 0;
    installed?.close();
    if (version === 0 || version >= LEGACY_IDB_VERSION) return;
    // Versions 1–3 are declared as version 3 with both backfills (a version-2 database re-runs the version-2
    // one, which is idempotent); Dexie then diffs version 3 against version 6 for the rest.
    this.version(3)
      .stores({ ...version1Stores, ...version2Stores, ...version3Stores })
      .upgrade(async (tx) => {
        await upgradeToVersion2(tx);
        await upgradeToVersion3(tx);
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

import { Dexie, type Table } from 'dexie';
import type { IndexedDBPair } from '../../env.js';
import { NewerReleaseError } from '../../errors/newer-release-error.js';
import { type FirstAnswers, noFirstAnswers } from '../first-answers/first-answers.js';
import { version1Stores } from '../schema/version-1.js';
import { upgradeToVersion2, version2Stores } from '../schema/version-2.js';
import { upgradeToVersion3, version3Stores } from '../schema/version-3.js';
import { version4Stores } from '../schema/version-4.js';
import { version5Stores } from '../schema/version-5.js';
import { version6Stores } from '../schema/version-6.js';
import { version7Stores } from '../schema/version-7.js';
import { upgradeToVersion8, version8Stores } from '../schema/version-8.js';
import { version9Stores } from '../schema/version-9.js';
import { version10Stores } from '../schema/version-10.js';
import { version11Stores } from '../schema/version-11.js';
import { version12Stores } from '../schema/version-12.js';
import { version13Stores } from '../schema/version-13.js';
import type { AdoptedRow, ListRow, OutboxBaseRow, OutboxRow, StoredUserRow } from '../tables/outbox-rows.js';
import type {
  ConfigurationRow,
  EpisodeAccountStateRow,
  EpisodeChangesRow,
  EpisodeCursorRow,
  EpisodeNewsRow,
  EpisodeRow,
  ListPageRow,
  MovieDetailsRow,
  MovieRow,
  MovieVideosRow,
  PersonDetailsRow,
  PersonExternalIdsRow,
  PersonRow,
  PersonTranslationsRow,
  QuarantineRow,
  ReadMarkRow,
  SeasonRow,
  SizeLedgerRow,
  SyncMetaRow,
  TaggedImageRow,
  TvAccountStateRow,
  TvSeriesDetailsRow,
  TvSeriesRow,
  WatchlistPageRow,
} from '../tables/rows.js';
import { fencedIndexedDB, isNewerRelease } from './release-fence.js';

/** The schema version the library opens databases at. */
export const CURRENT_SCHEMA_VERSION = 13;

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
  ...version9Stores,
  ...version10Stores,
  ...version11Stores,
  ...version12Stores,
  ...version13Stores,
};

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
   * Called once when a newer release upgraded the database, or asked to (another tab, the service worker): this
   * connection closed for good, every later use fails with the error, and the database is never opened above this
   * release's version (see `fencedIndexedDB`).
   * @default no-op
   */
  onNewerRelease?: (error: NewerReleaseError) => void;
  /**
   * Called when this connection's upgrade waits for another connection to close.
   * @default no-op
   */
  onBlocked?: (event: IDBVersionChangeEvent) => void;
  /**
   * The first answers kept beside this database (`createFirstAnswers`): every write that can change a public
   * answer goes through its `guard`, so they never hold an answer this database would not give.
   * @default noFirstAnswers (none kept)
   */
  firstAnswers?: FirstAnswers;
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
  get movieDetails(): Table<MovieDetailsRow, number> {
    return this.table('movieDetails');
  }
  get tvSeriesDetails(): Table<TvSeriesDetailsRow, number> {
    return this.table('tvSeriesDetails');
  }
  get personDetails(): Table<PersonDetailsRow, number> {
    return this.table('personDetails');
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
  get episodeNews(): Table<EpisodeNewsRow, [number, number]> {
    return this.table('episodeNews');
  }
  get lists(): Table<ListRow, number> {
    return this.table('lists');
  }
  get users(): Table<StoredUserRow, string> {
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
  get adoptedRows(): Table<AdoptedRow, string> {
    return this.table('adoptedRows');
  }
  /** The IndexedDB this database lives in. */
  readonly idb: IndexedDBPair;
  /** Guards every write that can change a public answer (see `CatalogueDatabaseOptions.firstAnswers`). */
  readonly firstAnswers: FirstAnswers;

  /** Set once a newer release upgraded the database: this instance stopped for good (see `onNewerRelease`). */
  newerRelease: NewerReleaseError | undefined;

  constructor(options: CatalogueDatabaseOptions) {
    const stop = (error: NewerReleaseError) => {
      if (this.newerRelease) return;
      this.newerRelease = error;
      this.close({ disableAutoOpen: true });
      options.onNewerRelease?.(error);
    };
    const fenced = fencedIndexedDB(options.indexedDB, CURRENT_SCHEMA_VERSION, (error) => stop(error));
    super(options.name, { indexedDB: fenced, IDBKeyRange: options.IDBKeyRange });
    this.idb = { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange };
    this.firstAnswers = options.firstAnswers ?? noFirstAnswers;
    // One version: Dexie diffs the installed schema against it, whatever version that is, and runs the upgrade
    // function for any database below it. The backfills of earlier versions run in order; each leaves a database
    // that never needed it as it was, so none depends on knowing the version it upgrades from.
    this.version(CURRENT_SCHEMA_VERSION)
      .stores(CURRENT_STORES)
      .upgrade(async (tx) => {
        await upgradeToVersion2(tx);
        await upgradeToVersion3(tx);
        await upgradeToVersion8(tx);
      });
    const { onVersionChange, onBlocked } = options;
    // Registered after Dexie's own handlers, so these run first; returning false stops Dexie's default,
    // which closes too but also writes to the console (a library must not).
    this.on('versionchange', (event) => {
      const { newVersion } = event;
      // A newer release's upgrade: stop for good rather than reopen into it. A deletion (`newVersion` null) or an
      // older release's schema patch only closes: Dexie reopens on the next use.
      if (newVersion !== null && isNewerRelease(newVersion, CURRENT_SCHEMA_VERSION)) {
        stop(new NewerReleaseError(CURRENT_SCHEMA_VERSION, newVersion / 10));
      } else {
        this.close({ disableAutoOpen: false });
      }
      onVersionChange?.(event);
      return false;
    });
    this.on('blocked', (event) => {
      onBlocked?.(event);
      return false;
    });
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

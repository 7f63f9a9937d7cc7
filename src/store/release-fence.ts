import { NewerReleaseError } from '../errors/newer-release-error.js';

/** The native IndexedDB version Dexie opens a declared schema version at (it multiplies by ten). */
export function nativeVersion(schemaVersion: number): number {
  return Math.round(schemaVersion * 10);
}

/**
 * `indexedDB` for the catalogue's Dexie, fenced at `schemaVersion`: it opens the database at that version only.
 * Dexie 4 adapts silently to a database a newer release upgraded (on the `VersionError` it opens again without a
 * version, then "patches" the schema one version higher, re-creating what the newer release dropped); here both
 * opens fail with `NewerReleaseError` instead, and `onNewer` is told, so this release never writes into a database
 * whose meaning it does not know. Deleting and everything else pass through.
 */
export function fencedIndexedDB(
  indexedDB: IDBFactory,
  schemaVersion: number,
  onNewer: (error: NewerReleaseError) => void,
): IDBFactory {
  const declared = nativeVersion(schemaVersion);
  return {
    open(name: string, version?: number): IDBOpenDBRequest {
      if (version !== declared) {
        const newer = version === undefined ? undefined : version / 10;
        const error = new NewerReleaseError(schemaVersion, newer);
        onNewer(error);
        throw error;
      }
      return indexedDB.open(name, version);
    },
    deleteDatabase: (name: string) => indexedDB.deleteDatabase(name),
    databases: () => indexedDB.databases(),
    cmp: (first: unknown, second: unknown) => indexedDB.cmp(first, second),
  };
}

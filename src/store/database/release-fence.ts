import { NewerReleaseError } from '../../errors/newer-release-error.js';

/** The native IndexedDB version Dexie opens a declared schema version at (it multiplies by ten). */
export function nativeVersion(schemaVersion: number): number {
  return Math.round(schemaVersion * 10);
}

/**
 * Whether a native version is a newer release's: one that declares a higher schema version (a multiple of ten
 * beyond ours). The versions between are Dexie's schema patches (it adds one when a release finds the installed
 * schema lacking what it declares): an older release still open patches a database this one upgraded, and that
 * must not lock this release out of its own database.
 */
export function isNewerRelease(version: number, schemaVersion: number): boolean {
  return version >= nativeVersion(schemaVersion + 1);
}

/**
 * `indexedDB` for the catalogue's Dexie, fenced at `schemaVersion`. Dexie 4 adapts silently to a database a newer
 * release upgraded: on the `VersionError` it opens again without a version, then patches the schema one version
 * higher, re-creating what the newer release dropped. Here an open at a newer release's version fails with
 * `NewerReleaseError`, and the open without a version is closed as it succeeds when it found a newer release's
 * database; `onNewer` is told either way, so this release never writes into a database whose meaning it does
 * not know. Deleting and everything else pass through.
 */
export function fencedIndexedDB(
  indexedDB: IDBFactory,
  schemaVersion: number,
  onNewer: (error: NewerReleaseError) => void,
): IDBFactory {
  return {
    open(name: string, version?: number): IDBOpenDBRequest {
      if (version !== undefined && isNewerRelease(version, schemaVersion)) {
        const error = new NewerReleaseError(schemaVersion, version / 10);
        onNewer(error);
        throw error;
      }
      const request = indexedDB.open(name, version);
      if (version === undefined) {
        // Registered before Dexie's `onsuccess`, so it runs first: Dexie then finds the connection closed.
        request.addEventListener('success', () => {
          const found = request.result.version;
          if (!isNewerRelease(found, schemaVersion)) return;
          request.result.close();
          onNewer(new NewerReleaseError(schemaVersion, found / 10));
        });
      }
      return request;
    },
    deleteDatabase: (name: string) => indexedDB.deleteDatabase(name),
    databases: () => indexedDB.databases(),
    cmp: (first: unknown, second: unknown) => indexedDB.cmp(first, second),
  };
}

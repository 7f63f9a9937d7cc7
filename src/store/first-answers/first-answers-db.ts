/**
 * The first answers' own database: one object store, named after the catalogue's database, holding the answer a
 * view shows first for a request key. A page reads it before the rest of the library has loaded: opening it costs
 * a fraction of opening the multi-store catalogue database after a browser restart. Raw IndexedDB, no Dexie, so
 * the first-read path stays small. `first-answers.ts` keeps it exact; this file only opens and reads it.
 */

/** The only object store. Out-of-line keys: request keys for answers, `STATE_KEY` for the writers' state. */
export const ANSWERS_STORE = 'answers';

/** The state row's key: no request key starts with a control character, so it never names an answer. */
export const STATE_KEY = '\u0000state';

/** What a first answer holds: the view's data as served and its freshness (clock milliseconds). */
export interface FirstAnswerRow {
  readonly data: unknown;
  /** When the stored answer was last fetched or confirmed. */
  readonly updatedAt: number | undefined;
  /** When it goes stale. */
  readonly expiresAt: number | undefined;
}

/** The first answers' database of the catalogue database `dbName`. */
export function firstAnswersName(dbName: string): string {
  return `${dbName}:first`;
}

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The storage bucket the first answers live in where the platform has Storage Buckets. */
export const FIRST_ANSWERS_BUCKET = 'catalogue-sync-first-answers';

/** Where the first answers' database lives: an IndexedDB, or (Storage Buckets) one still being opened. */
export type FirstAnswersLocation = IDBFactory | Promise<IDBFactory | undefined>;

interface StorageBuckets {
  open(name: string): Promise<{ readonly indexedDB: IDBFactory }>;
}

/**
 * Where the first answers' database lives. With the platform's IndexedDB and Storage Buckets, in a bucket of its
 * own: after a browser restart, the first open of the default bucket costs with everything it holds (the whole
 * catalogue database, some 40 ms at 10k records), while a bucket holding only the first answers opens in a few.
 * Without Storage Buckets, or with an injected IndexedDB (tests), beside the catalogue's database. Never one in
 * one tab and the other in another: a bucket that cannot be opened is no first answers (undefined), not the default.
 */
export function firstAnswersLocation(indexedDB: IDBFactory, platform: boolean): FirstAnswersLocation {
  const buckets = (globalThis as { navigator?: { storageBuckets?: StorageBuckets } }).navigator?.storageBuckets;
  if (!platform || typeof buckets?.open !== 'function') return indexedDB;
  return buckets.open(FIRST_ANSWERS_BUCKET).then(
    (bucket) => bucket.indexedDB,
    () => undefined,
  );
}

/**
 * Opens (and on first use creates) the first answers' database. Resolves undefined when it cannot be opened
 * (private mode, blocked, quota): a first answer is an optimisation, so its absence is a miss, never an error.
 * `onCreated` is told when this open created it: the first visit of this catalogue in this browser profile.
 */
export async function openFirstAnswersDb(
  location: FirstAnswersLocation,
  dbName: string,
  onCreated?: () => void,
): Promise<IDBDatabase | undefined> {
  const indexedDB = await location;
  if (!indexedDB) return undefined;
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(firstAnswersName(dbName), 1);
    } catch {
      resolve(undefined);
      return;
    }
    request.onupgradeneeded = () => {
      onCreated?.();
      request.result.createObjectStore(ANSWERS_STORE);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another connection deleting or upgrading it (`catalogue.delete()` in another tab) must not wait on this one.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
  });
}

/** The first answer stored for `key`, or undefined (also when the read fails). */
export async function readFirstAnswer(db: IDBDatabase, key: string): Promise<FirstAnswerRow | undefined> {
  try {
    const row = await settle(db.transaction(ANSWERS_STORE, 'readonly').objectStore(ANSWERS_STORE).get(key));
    return (row as FirstAnswerRow | undefined) ?? undefined;
  } catch {
    return undefined;
  }
}

import { ANSWERS_STORE, type FirstAnswersLocation, firstAnswersName, openFirstAnswersDb } from './first-answers-db.js';

/** Empties the answers' store through `db` in one readwrite transaction; resolves whether it committed. */
function clearAnswers(db: IDBDatabase): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(ANSWERS_STORE, 'readwrite');
      tx.objectStore(ANSWERS_STORE).clear();
      tx.oncomplete = () => resolve(true);
      tx.onabort = () => resolve(false);
    } catch {
      resolve(false);
    }
  });
}

/**
 * Deletes the first answers' database of `dbName` (`catalogue.delete()`). Resolves once it is deleted, or — when
 * another connection blocks the deletion (a tab of an earlier release that does not close on `versionchange`) —
 * once its answers are cleared: the deletion then stays queued and completes when that connection closes, and
 * meanwhile no answer is left for a first-read path to show. `blocked` alone is never "done": with the answers not
 * cleared, this waits for the deletion itself. Rejects when the deletion fails and nothing was cleared.
 *
 * The clearing goes through a connection of our own opened before the deletion is asked: a database with a
 * deletion pending cannot be opened again, but the deletion's `versionchange` reaches this connection, which can
 * still start a transaction before it closes (and the deletion waits for that transaction).
 */
export async function deleteFirstAnswersDb(location: FirstAnswersLocation, dbName: string): Promise<void> {
  const indexedDB = await location;
  if (!indexedDB) return;
  const own = await openFirstAnswersDb(indexedDB, dbName);
  let cleared: Promise<boolean> = Promise.resolve(false);
  if (own) {
    own.onversionchange = () => {
      cleared = clearAnswers(own);
      own.close();
    };
  }
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(firstAnswersName(dbName));
    request.onsuccess = () => resolve();
    request.onblocked = () => {
      void cleared.then((ok) => {
        if (ok) resolve();
      });
    };
    request.onerror = () => {
      void cleared.then((ok) => (ok ? resolve() : reject(request.error ?? new Error('first answers: not deleted'))));
    };
  });
}

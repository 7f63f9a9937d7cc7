import type { Catalogue } from '../create-catalogue.js';
import { MemoryStorageError } from '../errors/memory-storage-error.js';
import type { Snapshots } from '../query/view.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';

/**
 * Whether a snapshot is still on its way: nothing read yet, or nothing stored and its fetch under way online. A
 * view with nothing stored and no fetch, or whose fetch waits for the network (offline), is not waited for: it
 * shows `missing`, so a boundary never waits for a fetch nobody makes or one that waits for the network.
 */
function onItsWay(snapshot: ViewSnapshot<unknown>, online: boolean): boolean {
  if (snapshot.data !== undefined || snapshot.error !== undefined) return false;
  return snapshot.status === 'loading' || (snapshot.fetching && online);
}

/** The promise a view is suspended on, one per view: settles at its first snapshot that is not on its way. */
const waits = new WeakMap<object, Promise<void>>();

/**
 * The snapshot of `view` once it has data, or throws: its error (to the error boundary) when it has none, a promise
 * (to the Suspense boundary) while it is on its way. The promise subscribes to the view, so the fetch a
 * subscription starts is made while the component is suspended. A memory catalogue (a server render) fetches
 * nothing: it throws `MemoryStorageError`, which a server renderer answers with the boundary's fallback (and the
 * browser renders the boundary itself) instead of waiting for data that never comes.
 */
export function suspendFor<S extends ViewSnapshot<unknown>>(catalogue: Catalogue, view: Snapshots<S>): S {
  const snapshot = view.getSnapshot();
  if (snapshot.data === undefined && snapshot.error !== undefined) throw snapshot.error;
  if (!onItsWay(snapshot, catalogue.status.online)) return snapshot;
  if (catalogue.status.storage === 'memory') throw new MemoryStorageError();
  let wait = waits.get(view);
  if (!wait) {
    wait = new Promise<void>((resolve) => {
      const check = () => {
        if (onItsWay(view.getSnapshot(), catalogue.status.online)) return;
        waits.delete(view);
        stop();
        offStatus();
        resolve();
      };
      const stop = view.subscribe(check);
      // Going offline ends the wait too: the fetch then waits for the network, and the view shows `missing`.
      const offStatus = catalogue.on('status', check);
    });
    waits.set(view, wait);
  }
  throw wait;
}

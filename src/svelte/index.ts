/**
 * `catalogue-sync/svelte`: a view as a Svelte readable store. Svelte is an optional peer dependency: only this entry
 * imports it.
 */
import { type Readable, readable } from 'svelte/store';
import type { Snapshots } from '../query/view.js';

export type { Snapshots };

/**
 * The view's snapshots as a readable store (`$store` in a component). The snapshot is read again when the first
 * subscriber arrives, so a store subscribed after the data came shows it at once, not the snapshot of its creation.
 */
export function snapshotStore<S>(view: Snapshots<S>): Readable<S> {
  return readable(view.getSnapshot(), (set) => {
    const stop = view.subscribe(() => set(view.getSnapshot()));
    set(view.getSnapshot());
    return stop;
  });
}

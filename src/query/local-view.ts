import type { Clock } from '../env.js';
import { deepEqual } from '../sync/next-snapshot.js';
import { deepFreeze, loadingSnapshot, type ViewSnapshot } from '../sync/view-snapshot.js';
import { LiveSource, watch } from './live-source.js';
import type { View } from './view.js';

/** A view computed from the store alone (`catalogue.local`): never asks the network. */
export type LocalView<T> = View<ViewSnapshot<T>>;

/**
 * A view computed from the store alone (offline discover, local search): it re-runs its read-only `querier`
 * whenever a write touches what the querier read, and never asks the network. Once read it is `fresh`: it
 * is an answer about the cache as it stands, which cannot go stale by itself.
 */
export class LocalViewSource<T> extends LiveSource<ViewSnapshot<T>> implements LocalView<T> {
  readonly #querier: () => Promise<T>;
  readonly #clock: Clock;
  #unwatch: (() => void) | undefined;

  constructor(querier: () => Promise<T>, clock: Clock) {
    super(loadingSnapshot<T>());
    this.#querier = querier;
    this.#clock = clock;
  }

  protected start(): void {
    this.#unwatch = watch(
      this.#querier,
      (data) => {
        if (!this.started) return;
        const before = this.getSnapshot();
        // `updatedAt` moves only when the answer did: a re-run that found the same answer is no change.
        const changed = before.status !== 'fresh' || !deepEqual(before.data, data);
        this.update({
          data: deepFreeze(data),
          status: 'fresh',
          error: undefined,
          ...(changed ? { updatedAt: this.#clock.now() } : {}),
        });
      },
      (error) => this.update({ error }),
    );
  }

  protected stop(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
  }
}

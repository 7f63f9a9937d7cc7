import type { Clock } from '../env.js';
import { deepEqual } from '../sync/next-snapshot.js';
import { deepFreeze, loadingSnapshot, type ViewSnapshot } from '../sync/view-snapshot.js';
import { LiveSource, watch } from './live-source.js';
import type { View } from './view.js';

/** A view computed from the store alone (`catalogue.local`): never asks the network. */
export type LocalView<T> = View<ViewSnapshot<T>>;

/** A local view's read-only query of the store. */
export type Querier<T> = () => Promise<T>;

/**
 * A querier whose code arrives on first use (`lazy-features.ts`): asked for when the view is first subscribed to.
 * Until it has arrived the view shows `loading`; a load that fails shows its error, and the next subscription to
 * the view (or the next view) asks again.
 */
export interface ArrivingQuerier<T> {
  readonly arrives: () => Promise<Querier<T>>;
}

/**
 * A view computed from the store alone (offline discover, local search): it re-runs its read-only `querier`
 * whenever a write touches what the querier read, and never asks the network. Once read it is `fresh`: it
 * is an answer about the cache as it stands, which cannot go stale by itself.
 */
export class LocalViewSource<T> extends LiveSource<ViewSnapshot<T>> implements LocalView<T> {
  #querier: Querier<T> | undefined;
  readonly #arriving: ArrivingQuerier<T> | undefined;
  readonly #clock: Clock;
  #unwatch: (() => void) | undefined;

  constructor(querier: Querier<T> | ArrivingQuerier<T>, clock: Clock) {
    super(loadingSnapshot<T>());
    if (typeof querier === 'function') this.#querier = querier;
    else this.#arriving = querier;
    this.#clock = clock;
  }

  protected start(): void {
    if (this.#querier) {
      this.#watch(this.#querier);
      return;
    }
    this.#arriving?.arrives().then(
      (querier) => {
        this.#querier = querier;
        // Still subscribed, and not watching already (a second subscription's load may have come first).
        if (this.started && !this.#unwatch) this.#watch(querier);
      },
      (error: unknown) => {
        if (this.started) this.update({ error });
      },
    );
  }

  #watch(querier: Querier<T>): void {
    this.#unwatch = watch(
      querier,
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

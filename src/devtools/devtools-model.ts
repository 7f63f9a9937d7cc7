import type { TimerHandle } from '../env.js';
import type { Catalogue, OutboxSnapshot, Priority, QueueStats, SyncStatus } from '../index.js';
import type { ResolvedDevtoolsOptions } from './devtools-options.js';
import { describeError } from './format.js';
import { type ViewAction, ViewsModel, type ViewsState } from './views-model.js';

/** What `catalogue.storage()` answers. */
export type StorageFigures = Awaited<ReturnType<Catalogue['storage']>>;

/** A request seen leaving the queue and not answered yet. Only the events' credential-free fields. */
export interface InFlightRequest {
  readonly id: number;
  readonly operation: string;
  readonly priority: Priority;
  readonly attempt: number;
  /** Clock time it left the queue. */
  readonly at: number;
}

/** One of the last errors: a failed pull, a quarantined response or a change the service refused. */
export interface DevtoolsProblem {
  readonly kind: 'error' | 'quarantined' | 'mutationFailed';
  readonly operation: string;
  /** The error's name and message (or the offending field of a quarantined response): plain, credential-free. */
  readonly message: string;
  readonly status: number | undefined;
  readonly at: number;
}

export interface StorageState {
  readonly figures: StorageFigures | undefined;
  /** Clock time of the last successful read. */
  readonly at: number | undefined;
  readonly loading: boolean;
  /** Why the last read failed (a closed catalogue, for one). */
  readonly error: string | undefined;
}

/** The panel's parts: each is drawn again only when its own data changed. */
export type DevtoolsPart = 'queue' | 'inFlight' | 'views' | 'outbox' | 'quarantine' | 'storage' | 'errors';

/** What the panel shows, replaced (never mutated) on every change. */
export interface DevtoolsState {
  readonly queue: QueueStats;
  readonly status: SyncStatus;
  /**
   * Clock time until which a 429 holds every request, and the service's `Retry-After`, from `rateLimited`. Shown while
   * `until` is ahead: the queue's `stats` event when its state leaves `rateLimited` draws the queue part again.
   */
  readonly rateLimited: { readonly until: number; readonly retryAfterMs: number | undefined } | undefined;
  /** Oldest first. Requests already in flight when the panel was mounted are counted in `queue.inFlight` only. */
  readonly inFlight: readonly InFlightRequest[];
  readonly outbox: OutboxSnapshot;
  /** Quarantined responses seen since the panel was mounted, by operation. */
  readonly quarantinedByOperation: Readonly<Record<string, number>>;
  readonly storage: StorageState;
  readonly views: ViewsState;
  /** Newest first. */
  readonly errors: readonly DevtoolsProblem[];
}

/**
 * The panel's data: follows the catalogue's events, its outbox view and `storage()`, and says which parts changed.
 * It touches no DOM. `active` is whether anyone looks: storage is read only then, since each read walks the store.
 */
export class DevtoolsModel {
  #state: DevtoolsState;
  readonly #catalogue: Catalogue;
  readonly #options: ResolvedDevtoolsOptions;
  readonly #changed: (parts: ReadonlySet<DevtoolsPart>) => void;
  readonly #stops: (() => void)[] = [];
  #storageTimer: TimerHandle | undefined;
  #storageStale = true;
  #storageRead: Promise<void> | undefined;
  #views: ViewsModel | undefined;
  #active = false;
  #disposed = false;

  constructor(
    catalogue: Catalogue,
    options: ResolvedDevtoolsOptions,
    changed: (parts: ReadonlySet<DevtoolsPart>) => void,
  ) {
    this.#catalogue = catalogue;
    this.#options = options;
    this.#changed = changed;
    this.#state = {
      queue: catalogue.queueStats,
      status: catalogue.status,
      rateLimited: undefined,
      inFlight: [],
      outbox: catalogue.outbox.getSnapshot(),
      quarantinedByOperation: {},
      storage: { figures: undefined, at: undefined, loading: false, error: undefined },
      views: ViewsModel.initial,
      errors: [],
    };
    this.#listen();
  }

  get state(): DevtoolsState {
    return this.#state;
  }

  /** Starts (or stops) reading storage; turning active reads it now when events made it stale. */
  setActive(active: boolean): void {
    if (this.#disposed || active === this.#active) return;
    this.#active = active;
    if (active && this.#storageStale) void this.refreshStorage();
    if (!active) this.#cancelStorageTimer();
  }

  /** Reads `catalogue.storage()` now (one read at a time: a call during a read waits for it). */
  refreshStorage(): Promise<void> {
    if (this.#disposed) return Promise.resolve();
    this.#cancelStorageTimer();
    this.#storageRead ??= this.#readStorage().finally(() => {
      this.#storageRead = undefined;
    });
    return this.#storageRead;
  }

  /** Selects a key of the Views pane (its data and actions are shown), or none. */
  selectView(requestKey: string | undefined): void {
    this.#views?.select(requestKey);
  }

  /** Runs an action on a key; its outcome is shown beside the key. Never rejects. */
  actOnView(action: ViewAction, requestKey: string): Promise<void> {
    return this.#views?.act(action, requestKey) ?? Promise.resolve();
  }

  clearErrors(): void {
    this.#update({ errors: [] }, 'errors');
  }

  /** Removes every listener and timer; later events and reads change nothing. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#cancelStorageTimer();
    this.#views?.dispose();
    for (const stop of this.#stops.splice(0)) stop();
  }

  async #readStorage(): Promise<void> {
    this.#storageStale = false;
    this.#update({ storage: { ...this.#state.storage, loading: true } }, 'storage');
    try {
      const figures = await this.#catalogue.storage();
      if (this.#disposed) return;
      const storage = { figures, at: this.#options.clock.now(), loading: false, error: undefined };
      this.#update({ storage }, 'storage', 'quarantine');
    } catch (error) {
      if (this.#disposed) return;
      this.#update({ storage: { ...this.#state.storage, loading: false, error: describeError(error) } }, 'storage');
    }
  }

  /** After a write: read storage once the burst is over, at most once per `storageRefreshMs`. */
  #storageChanged(): void {
    this.#storageStale = true;
    if (!this.#active || this.#storageTimer !== undefined) return;
    this.#storageTimer = this.#options.clock.setTimeout(() => {
      this.#storageTimer = undefined;
      void this.refreshStorage();
    }, this.#options.storageRefreshMs);
  }

  #cancelStorageTimer(): void {
    if (this.#storageTimer === undefined) return;
    this.#options.clock.clearTimeout(this.#storageTimer);
    this.#storageTimer = undefined;
  }

  #update(patch: Partial<DevtoolsState>, ...parts: DevtoolsPart[]): void {
    if (this.#disposed) return;
    this.#state = { ...this.#state, ...patch };
    this.#changed(new Set(parts));
  }

  #problem(problem: DevtoolsProblem): void {
    const errors = [problem, ...this.#state.errors].slice(0, this.#options.errorsShown);
    this.#update({ errors }, 'errors');
  }

  #listen(): void {
    const catalogue = this.#catalogue;
    const on = this.#stops;
    on.push(catalogue.on('stats', (queue) => this.#update({ queue }, 'queue')));
    on.push(catalogue.on('status', (status) => this.#update({ status }, 'queue')));
    on.push(
      catalogue.on('rateLimited', ({ until, retryAfterMs }) =>
        this.#update({ rateLimited: { until, retryAfterMs } }, 'queue'),
      ),
    );
    on.push(
      catalogue.on('request', ({ id, operation, priority, attempt, at }) => {
        const inFlight = [...this.#state.inFlight.filter((r) => r.id !== id), { id, operation, priority, attempt, at }];
        this.#update({ inFlight }, 'inFlight');
      }),
    );
    on.push(
      catalogue.on('response', ({ id }) => {
        if (!this.#state.inFlight.some((r) => r.id === id)) return;
        this.#update({ inFlight: this.#state.inFlight.filter((r) => r.id !== id) }, 'inFlight');
      }),
    );
    on.push(catalogue.on('stored', () => this.#storageChanged()));
    on.push(catalogue.on('evicted', () => this.#storageChanged()));
    on.push(catalogue.on('signedIn', () => this.#storageChanged()));
    on.push(catalogue.on('signedOut', () => this.#storageChanged()));
    on.push(
      catalogue.on('quarantined', ({ operation, path, message, at }) => {
        const counts = this.#state.quarantinedByOperation;
        this.#update(
          { quarantinedByOperation: { ...counts, [operation]: (counts[operation] ?? 0) + 1 } },
          'quarantine',
        );
        this.#problem({ kind: 'quarantined', operation, message: `${path}: ${message}`, status: undefined, at });
        this.#storageChanged();
      }),
    );
    on.push(
      catalogue.on('error', ({ operation, error, at }) =>
        this.#problem({
          kind: 'error',
          operation,
          message: `${error.name}: ${error.message}`,
          status: error.status,
          at,
        }),
      ),
    );
    on.push(
      catalogue.on('mutationFailed', ({ operation, error, at }) =>
        this.#problem({
          kind: 'mutationFailed',
          operation,
          message: `${error.name}: ${error.message}`,
          status: error.status,
          at,
        }),
      ),
    );
    const outbox = catalogue.outbox;
    on.push(outbox.subscribe(() => this.#update({ outbox: outbox.getSnapshot() }, 'outbox')));
    this.#views = new ViewsModel(catalogue, (views: ViewsState) => this.#update({ views }, 'views'));
  }
}

import type { Clock } from '../env.js';
import type { CatalogueError } from '../errors/catalogue-error.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import { readSyncMeta } from '../store/records/sync-meta.js';
import { storeFailure } from '../store/store-failure.js';
import { writeThrough } from '../store/write/write-gate.js';
import { WritePlan } from '../store/write/write-plan.js';
import type { EntryCache } from './entry-cache.js';
import { Subscribable } from './subscribable.js';
import type { TrackedKeyEntry } from './tracked-key-entry.js';
import type { ViewStatus } from './view-snapshot.js';

/** One live key of the engine, as a tool shows it: what its views see, and who looks. Credential-free. */
export interface ViewEntry {
  /** The store request key (credential-free: a per-user key names the user scope, never the session). */
  readonly requestKey: string;
  /** The operation the key is an answer of. */
  readonly operation: StoredOperation;
  /** The call's parameters as stored (session ids never are). */
  readonly params: Readonly<Record<string, unknown>>;
  /** The user scope id of a per-user call, or undefined. */
  readonly userScope: string | undefined;
  /** What its views show as `status`. */
  readonly status: ViewStatus;
  /** A fetch of the key is queued or in flight. */
  readonly fetching: boolean;
  /** The last failure, as its views show it. */
  readonly error: unknown;
  /** When the stored answer was fetched or confirmed (clock milliseconds). */
  readonly updatedAt: number | undefined;
  /** When the stored answer goes (or went) stale; undefined while not stored or not read yet. */
  readonly staleAt: number | undefined;
  /** How many views observe it. */
  readonly observers: number;
  /** No view observes it, but it is kept a moment (a view back within the grace costs nothing). */
  readonly inGrace: boolean;
  /** The answer its views show (frozen), or undefined. */
  readonly data: unknown;
}

/**
 * The engine's live keys for tools (`catalogue.sync.entries()`, the devtools' Views pane): a store (`subscribe`,
 * `getSnapshot`, the same array while nothing changed) and an action per key. Each action resolves `false`, doing
 * nothing, when the key has no live entry any more (its grace ran out since it was listed).
 */
export interface ViewEntries {
  /** Listens to keys coming, going and changing; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The live keys, oldest first. */
  getSnapshot(): readonly ViewEntry[];
  /** Fetches the key now, at interactive priority (conditional when an ETag is stored); rejects when that fails. */
  refetch(requestKey: string): Promise<boolean>;
  /** Marks the stored answer stale now; an observed key is revalidated, as its views would on expiry. */
  invalidate(requestKey: string): Promise<boolean>;
  /**
   * Forgets the key's entry and its first answer: its views start again from loading, then what is stored (and
   * fetch what is missing or stale); one nobody observes is gone at once, without waiting for its grace.
   */
  remove(requestKey: string): Promise<boolean>;
}

export interface ViewEntriesDeps {
  readonly cache: EntryCache;
  readonly db: CatalogueDatabase;
  readonly clock: Clock;
  /** Why the engine stopped, or undefined while it runs. */
  readonly stopError: () => CatalogueError | undefined;
}

/** The freshness row's expiry of a key, for the answer it was read for (`updatedAt` and `status`). */
interface StaleAt {
  readonly updatedAt: number | undefined;
  readonly status: ViewStatus;
  readonly staleAt: number | undefined;
}

function requireKey(requestKey: unknown, action: string): asserts requestKey is string {
  if (typeof requestKey !== 'string') throw new TypeError(`${action}: requestKey must be a string`);
}

/** The tool's list over the engine's `EntryCache`: it reads entries, and never observes one (that would fetch). */
export function createViewEntries({ cache, db, clock, stopError }: ViewEntriesDeps): ViewEntries {
  const stale = new Map<string, StaleAt>();
  const reading = new Set<string>();
  let last: readonly ViewEntry[] = Object.freeze([]);
  let stopWatching: (() => void) | undefined;
  const listeners = new Subscribable({
    onFirst: () => {
      stopWatching = cache.onChange(() => listeners.notify());
    },
    onLast: () => {
      stopWatching?.();
      stopWatching = undefined;
    },
  });

  /** Reads the key's freshness row once for the answer shown (the entry keeps its expiry to itself). */
  const readStaleAt = (key: string, updatedAt: number | undefined, status: ViewStatus): void => {
    if (reading.has(key)) return;
    reading.add(key);
    readSyncMeta(db, key).then(
      (meta) => {
        reading.delete(key);
        stale.set(key, { updatedAt, status, staleAt: meta && meta.fetchedAt > 0 ? meta.expiresAt : undefined });
        listeners.notify();
      },
      () => reading.delete(key),
    );
  };

  const itemOf = (entry: TrackedKeyEntry<StoredOperation>, previous: ViewEntry | undefined): ViewEntry => {
    const { snapshot, call } = entry;
    const key = call.requestKey;
    const known = stale.get(key);
    const stored = snapshot.status === 'fresh' || snapshot.status === 'stale';
    if (stored && (known === undefined || known.updatedAt !== snapshot.updatedAt || known.status !== snapshot.status)) {
      readStaleAt(key, snapshot.updatedAt, snapshot.status);
    }
    const observers = entry.observerCount;
    const item: ViewEntry = {
      requestKey: key,
      operation: call.operation,
      params: call.storeParams as Readonly<Record<string, unknown>>,
      userScope: call.userScope,
      status: snapshot.status,
      fetching: snapshot.fetching,
      error: snapshot.error,
      updatedAt: snapshot.updatedAt,
      staleAt: stored ? known?.staleAt : undefined,
      observers,
      inGrace: observers === 0 && entry.observed,
      data: snapshot.data,
    };
    const same =
      previous !== undefined &&
      (Object.keys(item) as (keyof ViewEntry)[]).every((name) => Object.is(item[name], previous[name]));
    return same ? previous : Object.freeze(item);
  };

  const getSnapshot = (): readonly ViewEntry[] => {
    const previous = new Map(last.map((item) => [item.requestKey, item]));
    const items = [...cache.entries()].map((entry) => itemOf(entry, previous.get(entry.requestKey)));
    for (const key of stale.keys()) if (!cache.peek(key)) stale.delete(key);
    if (items.length === last.length && items.every((item, i) => item === last[i])) return last;
    last = Object.freeze(items);
    return last;
  };

  /** Runs an action, its store failures mapped to the library's errors. */
  const act = async (work: () => Promise<boolean>): Promise<boolean> => {
    try {
      return await work();
    } catch (error) {
      throw storeFailure(error, stopError());
    }
  };

  return {
    subscribe: (listener) => listeners.subscribe(listener),
    getSnapshot,
    refetch(requestKey) {
      requireKey(requestKey, 'refetch');
      return act(async () => {
        const entry = cache.peek(requestKey);
        if (!entry) return false;
        await entry.fetch({ priority: 'interactive' });
        return true;
      });
    },
    invalidate(requestKey) {
      requireKey(requestKey, 'invalidate');
      return act(async () => {
        const entry = cache.peek(requestKey);
        if (!entry) return false;
        const now = clock.now();
        // Through the write gate, as every write: the key's first answer (which carries its expiry) goes too.
        await writeThrough(db, WritePlan.rows(db.syncMeta.name, [requestKey]), async () => {
          const meta = await db.syncMeta.get(requestKey);
          if (meta && meta.fetchedAt > 0 && meta.expiresAt > now) await db.syncMeta.put({ ...meta, expiresAt: now });
        });
        if (entry.observed) await entry.revalidate();
        return true;
      });
    },
    remove(requestKey) {
      requireKey(requestKey, 'remove');
      return act(async () => {
        const removed = cache.forget(requestKey);
        // Every first answer reads its key's freshness row first, and only its own: a pass through the write gate
        // naming that row (and writing nothing) has the gate's guard delete the key's first answer, and only it.
        await writeThrough(db, WritePlan.rows(db.syncMeta.name, [requestKey]), () => db.syncMeta.get(requestKey));
        return removed;
      });
    },
  };
}

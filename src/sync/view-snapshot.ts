/**
 * Where a view's data stands: `loading` until the store has been read once, `missing` when it holds nothing
 * for the call, then `fresh` until the stored answer's lifetime ends and `stale` after (DESIGN, Contracts).
 */
export type ViewStatus = 'loading' | 'missing' | 'stale' | 'fresh';

/** What a view shows: an immutable (frozen) object, replaced on every change and `===` while nothing changes. */
export interface ViewSnapshot<T> {
  /** The stored answer, as served (lists: exactly the service's envelope), or undefined. */
  readonly data: T | undefined;
  readonly status: ViewStatus;
  /** A fetch for this view is queued or in flight (offline, it waits: that is not an error). */
  readonly fetching: boolean;
  /** The last fetch of this view failed for a reason waiting will not fix; cleared by the next success. */
  readonly error: unknown;
  /** When the stored answer was last fetched or confirmed (clock milliseconds), or undefined. */
  readonly updatedAt: number | undefined;
}

const LOADING: ViewSnapshot<never> = Object.freeze({
  data: undefined,
  status: 'loading',
  fetching: false,
  error: undefined,
  updatedAt: undefined,
});

/** The snapshot of a key nothing has read yet: one shared object, so `getSnapshot()` is stable before a read. */
export function loadingSnapshot<T>(): ViewSnapshot<T> {
  return LOADING;
}

/**
 * A view that shows nothing, and why: signed out of a per-user call, closed, or the library failed to load. The
 * one shape of it for every view and both stages of a handle.
 */
export function failedSnapshot<T>(error: unknown): ViewSnapshot<T> {
  return Object.freeze({ data: undefined, status: 'missing', fetching: false, error, updatedAt: undefined });
}

/**
 * The snapshot after a change: the previous one itself when nothing differs (so React does not re-render),
 * else a new frozen one that keeps the previous `data` object when the new data is equal to it.
 */
export function nextSnapshot<T, S extends ViewSnapshot<T>>(previous: S, patch: Partial<S>): S {
  const sameData = patch.data !== undefined && previous.data !== undefined && deepEqual(patch.data, previous.data);
  const merged: S = { ...previous, ...patch, ...(sameData ? { data: previous.data } : {}) };
  for (const key of Object.keys(merged) as (keyof S)[]) {
    if (!Object.is(merged[key], previous[key])) return Object.freeze(merged);
  }
  return previous;
}

/** Structural equality of JSON-like values (what the store holds): a re-read of equal rows is no change. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => deepEqual(item, other[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((key) => Object.hasOwn(y, key) && deepEqual(x[key], y[key]));
}

/** Freezes a stored answer all the way down, so a snapshot shared by many renders cannot be changed by one. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  // Index and for-in loops, descending into objects only: half the time of `Object.values` on a list page (its
  // ~60 objects are on every warm start's path). For-in also visits inherited enumerable keys, which only a
  // polluted prototype has; freezing what it holds changes nothing for the snapshot.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) freezeChild(value[i]);
  } else {
    for (const key in value) freezeChild(value[key]);
  }
  return Object.freeze(value);
}

function freezeChild(child: unknown): void {
  if (typeof child === 'object' && child !== null) deepFreeze(child);
}

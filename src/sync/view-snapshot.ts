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
  /**
   * Set on a view that does nothing until it may: a user's view while nobody is signed in (it enables itself on
   * sign-in), or a hook's `{ enabled: false }`. Its `status` stays `loading`: the status union is the Contracts'.
   */
  readonly disabled?: true;
  /**
   * Set while a view made with `keepPrevious` shows the earlier view's `data` (another key's answer) because it has
   * none of its own yet; `status` and `fetching` are this view's own.
   */
  readonly placeholder?: 'previous';
  /**
   * The items of this view with a change of the signed-in user waiting in the outbox (`tv:1399`, `movie:603`,
   * `episode:1399:1:2`), so an item can show "saving…"; present only while one does. Never part of `data`.
   */
  readonly pending?: ReadonlySet<string>;
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

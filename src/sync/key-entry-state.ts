import { isReadBeforeWrite, readStatus } from './key-entry-decisions.js';
import { nextSnapshot } from './next-snapshot.js';
import { loadingSnapshot, type ViewSnapshot } from './view-snapshot.js';

/** What an observer asks of the network: keep the key fresh (a view on screen), or only fetch it when missing. */
export type Demand = 'fresh' | 'present';

/**
 * Who holds the entry: observers, the grace after the last one left (it goes on as if observed), or nobody (it
 * is forgotten once no fetch is in flight).
 */
export type Presence = 'observed' | 'grace' | 'idle';

/** The freshness row's fields a read shows. */
export interface ReadMeta {
  readonly fetchedAt: number;
  readonly expiresAt: number;
  readonly writeId?: string | undefined;
}

/**
 * A key entry's state: what its observers see (`snapshot`) and what its decisions read. Changed only by
 * `reduceKeyEntry`; the handles of its effects (timers, the fetch in flight, the live read) are the entry's own.
 *
 * The snapshot's `status`, with `fetching` and `error` beside it:
 *
 *   loading ──read──▶ missing | fresh | stale
 *   missing ──read of a stored fetch──▶ fresh      fresh ──expired (timer), or a read marked stale by a write──▶ stale
 *   stale ──read after a revalidation (stored or 304)──▶ fresh   fresh | stale ──read, evicted or cleared──▶ missing
 *   liveReadFailed: the status stays, `error` is set, and demands that waited for a first read give up
 *
 *   fetching: on at fetchStarted (or at the first read, for the fetch its demands started); off at fetchFailed,
 *     fetchAborted, or fetchSucceeded when nothing new was stored; a stored write keeps it on (`settling`) until
 *     the read that shows that write
 *   error: set by fetchFailed and the read failures, cleared by fetchSucceeded; fetchAborted is not a failure
 *
 * Presence: idle ──arrived──▶ observed ──left (graceMs > 0)──▶ grace ──arrived──▶ observed
 *           observed ──left (no grace)──▶ idle      grace ──graceEnded──▶ idle
 * Going idle forgets what a new observer must decide afresh (`loaded`, `waiting`, `settling`) and keeps the
 * snapshot: an observer coming back during a fetch sees it at once. Within the grace the entry goes on as if
 * observed: a key that comes back (a key changing every frame, a list scrolled past and back) costs neither a
 * request nor a read.
 */
export interface KeyEntryState<T> {
  readonly snapshot: ViewSnapshot<T>;
  readonly presence: Presence;
  /** Observers that want the key kept fresh. */
  readonly keepFresh: number;
  /** Whether the live read answered since the first observer came; demands made before wait in `waiting`. */
  readonly loaded: boolean;
  readonly waiting: readonly Demand[];
  /** A stored fetch whose write the live read has not shown yet: `fetching` stays on until it does. */
  readonly settling: { readonly writeId: string; readonly shownBefore: string | undefined } | undefined;
  /** The write id of the freshness row last shown. */
  readonly shownWriteId: string | undefined;
  /** When the answer shown stops being fresh (the expiry timer's moment), if it was fetched as such. */
  readonly expiresAt: number | undefined;
  /** When the last fetch failed: within the grace after it, an observer's demand does not send it again. */
  readonly failedAt: number | undefined;
  /** Data a view already shows for this key, adopted from before the engine: a read of an equal answer shows it. */
  readonly showing: unknown;
}

/** What happened to an entry, named from the entry's side. */
export type KeyEntryAction<T> =
  | { readonly type: 'arrived' }
  | { readonly type: 'left'; readonly graceMs: number }
  | { readonly type: 'graceEnded' }
  | { readonly type: 'subscribed'; readonly demand: Demand }
  | { readonly type: 'unsubscribed'; readonly demand: Demand }
  | { readonly type: 'demanded'; readonly demand: Demand }
  | { readonly type: 'adopted'; readonly data: unknown }
  | { readonly type: 'fetchStarted' }
  | { readonly type: 'fetchSucceeded'; readonly writeId: string | undefined }
  | { readonly type: 'fetchFailed'; readonly error: unknown; readonly at: number }
  | { readonly type: 'fetchAborted' }
  /** A read of the stored answer: `data` undefined when nothing is stored, else as shown (frozen or adopted). */
  | {
      readonly type: 'read';
      readonly data: T | undefined;
      readonly meta: ReadMeta | undefined;
      readonly now: number;
      /** Whether a fetch is in flight once the read's own decisions are taken. */
      readonly inFlight: boolean;
    }
  | { readonly type: 'liveReadFailed'; readonly error: unknown }
  | { readonly type: 'readAgainFailed'; readonly error: unknown }
  | { readonly type: 'expired' };

const NO_DEMANDS: readonly Demand[] = Object.freeze([]);

/** The state of a key nothing has observed yet. */
export function initialKeyEntryState<T>(): KeyEntryState<T> {
  return Object.freeze({
    snapshot: loadingSnapshot<T>(),
    presence: 'idle',
    keepFresh: 0,
    loaded: false,
    waiting: NO_DEMANDS,
    settling: undefined,
    shownWriteId: undefined,
    expiresAt: undefined,
    failedAt: undefined,
    showing: undefined,
  });
}

/**
 * The state after `action`. Pure; the very same object when nothing changes, and the same `snapshot` when what
 * observers see does not change (that is how the entry knows whether to notify them).
 */
export function reduceKeyEntry<T>(state: KeyEntryState<T>, action: KeyEntryAction<T>): KeyEntryState<T> {
  switch (action.type) {
    case 'arrived':
      return patch(state, { presence: 'observed' });
    case 'left':
      return action.graceMs > 0 ? patch(state, { presence: 'grace' }) : stopped(state);
    case 'graceEnded':
      return stopped(state);
    case 'subscribed':
      return action.demand === 'fresh' ? patch(state, { keepFresh: state.keepFresh + 1 }) : state;
    case 'unsubscribed':
      return action.demand === 'fresh' ? patch(state, { keepFresh: state.keepFresh - 1 }) : state;
    case 'demanded':
      // Only a demand made before the first read waits: after it, the entry decides at once.
      if (state.loaded || state.presence === 'idle') return state;
      return patch(state, { waiting: [...state.waiting, action.demand] });
    case 'adopted':
      return patch(state, { showing: action.data });
    case 'fetchStarted':
      return withSnapshot(state, { fetching: true });
    case 'fetchSucceeded':
      return fetchSucceeded(state, action.writeId);
    case 'fetchFailed':
      // Demands still waiting for the first read had their fetch: its failure is their answer, not a reason to
      // send again (a request adopted from before the engine can fail before the first read answers).
      return patch(state, {
        waiting: NO_DEMANDS,
        failedAt: action.at,
        snapshot: nextSnapshot(state.snapshot, { fetching: false, error: action.error }),
      });
    case 'fetchAborted':
      // An abort is a change of mind, not an error (and offline never lands here: the queue waits).
      return withSnapshot(state, { fetching: false });
    case 'read':
      return read(state, action);
    case 'liveReadFailed':
      // Demands that waited for a first read give up: there is nothing to decide from.
      return patch(state, {
        waiting: NO_DEMANDS,
        loaded: true,
        snapshot: nextSnapshot(state.snapshot, { error: action.error }),
      });
    case 'readAgainFailed':
      return withSnapshot(state, { error: action.error });
    case 'expired':
      return withSnapshot(state, { status: 'stale' });
  }
}

function stopped<T>(state: KeyEntryState<T>): KeyEntryState<T> {
  return patch(state, { presence: 'idle', waiting: NO_DEMANDS, settling: undefined, loaded: false });
}

function fetchSucceeded<T>(state: KeyEntryState<T>, writeId: string | undefined): KeyEntryState<T> {
  if (state.presence !== 'idle' && writeId !== undefined && writeId !== state.shownWriteId) {
    // Stored: `fetching` clears when the live read shows this write, so no snapshot says "done" while still
    // showing what was there before.
    return patch(state, {
      settling: { writeId, shownBefore: state.shownWriteId },
      snapshot: nextSnapshot(state.snapshot, { error: undefined }),
    });
  }
  return withSnapshot(state, { fetching: false, error: undefined });
}

function read<T>(state: KeyEntryState<T>, action: Extract<KeyEntryAction<T>, { type: 'read' }>): KeyEntryState<T> {
  const { data, meta, now } = action;
  const found = data !== undefined;
  const stored = found && meta !== undefined && meta.fetchedAt > 0;
  const current = state.settling;
  // The read that shows the settling write (or any other than the one shown before it) ends the settling.
  const ends =
    current !== undefined &&
    !isReadBeforeWrite(state, found) &&
    (meta === undefined || meta.writeId !== current.shownBefore);
  const settling = ends ? undefined : current;
  return patch(state, {
    loaded: true,
    // The first read takes the demands that waited for it (after it, none wait).
    waiting: NO_DEMANDS,
    expiresAt: stored ? meta.expiresAt : undefined,
    shownWriteId: meta?.writeId,
    settling,
    showing: found ? undefined : state.showing,
    snapshot: nextSnapshot(state.snapshot, {
      data,
      status: readStatus(found, meta, now),
      updatedAt: stored ? meta.fetchedAt : undefined,
      fetching: action.inFlight || settling !== undefined,
    }),
  });
}

function withSnapshot<T>(state: KeyEntryState<T>, change: Partial<ViewSnapshot<T>>): KeyEntryState<T> {
  return patch(state, { snapshot: nextSnapshot(state.snapshot, change) });
}

/** `state` itself when `change` changes nothing (by `Object.is`), else a new frozen state. */
function patch<T>(state: KeyEntryState<T>, change: Partial<KeyEntryState<T>>): KeyEntryState<T> {
  for (const key of Object.keys(change) as (keyof KeyEntryState<T>)[]) {
    if (!Object.is(change[key], state[key])) return Object.freeze({ ...state, ...change });
  }
  return state;
}

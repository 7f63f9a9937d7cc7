import type { OutboxSnapshot } from '../query/outbox-view.js';

/**
 * What the core's stores (`local`, `user`, `outbox`) show before the core has arrived (`front-door.ts`): their
 * initial snapshot, or the error the core failed to load with.
 */

/** The outbox before the core: nothing known of it yet. */
export const OUTBOX_LOADING: OutboxSnapshot = Object.freeze({
  status: 'loading',
  userScope: undefined,
  pending: 0,
  failed: 0,
  entries: Object.freeze([]),
  needsSignIn: false,
});

/** What a deferred store shows when the core could not load: its error where its snapshot has one. */
export function failedStore<S>(initial: S, error: unknown): S {
  return typeof initial === 'object' && initial !== null && 'error' in initial ? { ...initial, error } : initial;
}

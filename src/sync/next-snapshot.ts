import type { ViewSnapshot } from './view-snapshot.js';

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

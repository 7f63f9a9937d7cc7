import { isTableRef, tableOfRef } from '../read-ref.js';
import type { DepSet, WritersState } from './first-answers-state.js';

/** FNV-1a, 30 bits: small integers a `Set` holds without allocating. */
function depHash(dep: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < dep.length; index++) {
    hash ^= dep.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x3fffffff;
}

/**
 * One write session of this instance: opened by the first `guard`, closed once writes stop. Holds the directory
 * as of its last transaction, a superset of the stored one while its pending entry is live (no `put` succeeds
 * anywhere then; other writers only delete), so a write whose deps miss it needs no transaction at all.
 */
export class FirstAnswersSession {
  directory = new Map<string, readonly string[]>();
  /** dep → answer keys, built from `directory` when first needed. */
  #index: Map<string, string[]> | undefined;
  /** Our pending entry's expiry as written (clock ms); -Infinity while none is (not opened, or it failed). */
  until = Number.NEGATIVE_INFINITY;
  /**
   * The union of the deps written in the session (what its close deletes by), or every answer. Kept as hashes: a
   * sync of a whole list writes a dep per record, and holding each string until the close grew the heap by as much
   * as the sync itself. Two deps sharing a hash only delete an answer more (a miss, never a wrong answer).
   */
  readonly #depHashes = new Set<number>();
  /** The tables written whole in the session (`tableRef`): every dep of theirs is written. */
  readonly #tables = new Set<string>();
  readonly deps: DepSet = {
    has: (dep) => this.#depHashes.has(depHash(dep)) || (this.#tables.size > 0 && this.#tables.has(tableOfRef(dep))),
  };
  all = false;
  /** Keys deleted by the session's committed transactions (what `onInvalidated` is told), or every answer. */
  readonly deleted = new Set<string>();
  deletedAll = false;
  /** Guards joined and not finished (their write running, or about to). */
  running = 0;
  /** The opening transaction (joiners wait for it). */
  ready: Promise<void> = Promise.resolve();
  idleTimer: unknown;

  note(deps: readonly string[] | 'all'): void {
    if (deps === 'all') this.all = true;
    else
      for (const dep of deps) isTableRef(dep) ? this.#tables.add(tableOfRef(dep)) : this.#depHashes.add(depHash(dep));
  }

  /** The answers (per the session's directory) that `deps` intersect. */
  hits(deps: readonly string[] | 'all'): string[] {
    if (deps === 'all') return [...this.directory.keys()];
    if (this.directory.size === 0) return [];
    if (!this.#index) {
      this.#index = new Map();
      for (const [key, keyDeps] of this.directory) {
        for (const dep of keyDeps) this.#index.set(dep, [...(this.#index.get(dep) ?? []), key]);
      }
    }
    const hits = new Set<string>();
    const tables = new Set<string>();
    for (const dep of deps) {
      if (isTableRef(dep)) tables.add(tableOfRef(dep));
      else for (const key of this.#index.get(dep) ?? []) hits.add(key);
    }
    if (tables.size > 0) {
      for (const [key, keyDeps] of this.directory)
        if (keyDeps.some((dep) => tables.has(tableOfRef(dep)))) hits.add(key);
    }
    return [...hits];
  }

  /** Takes the directory as a transaction left it. */
  reset(directory: WritersState['directory']): void {
    this.directory = new Map(Object.entries(directory));
    this.#index = undefined;
  }

  forget(keys: readonly string[] | 'all'): void {
    if (keys === 'all') {
      this.deletedAll = true;
      this.reset({});
      return;
    }
    for (const key of keys) {
      this.deleted.add(key);
      this.directory.delete(key);
    }
    if (keys.length > 0) this.#index = undefined;
  }
}

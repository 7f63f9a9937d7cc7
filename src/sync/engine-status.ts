import type { EventEmitter } from 'eventemitter3';
import type { CatalogueEvents } from './catalogue-events.js';
import { nextSyncStatus, type SyncStatusEvent } from './next-sync-status.js';
import type { SyncStatus } from './sync-status.js';

/**
 * The one owner of the catalogue's `SyncStatus`: pulls, their failures and connectivity report events here, and
 * the snapshot is replaced (and `status` emitted) only when one changes it, so `===` means unchanged.
 */
export class EngineStatus {
  readonly #emitter: EventEmitter<CatalogueEvents>;
  #current: SyncStatus;

  constructor(emitter: EventEmitter<CatalogueEvents>, initial: SyncStatus) {
    this.#emitter = emitter;
    this.#current = initial;
  }

  get current(): SyncStatus {
    return this.#current;
  }

  /** Applies a status event; emits `status` only when the snapshot changed. */
  transition(event: SyncStatusEvent): void {
    const next = nextSyncStatus(this.#current, event);
    if (next === this.#current) return;
    this.#current = next;
    this.#emitter.emit('status', next);
  }
}

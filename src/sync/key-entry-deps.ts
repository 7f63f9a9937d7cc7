import type { Clock, Logger } from '../env.js';
import type { Priority } from '../queue/priority.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import type { WriteResult } from '../store/records/write-response.js';
import type { KeyEntry } from './key-entry.js';
import type { PreparedCall } from './prepare-call.js';
import type { ReadMarks } from './read-marks.js';

export interface FetchOptions {
  readonly priority?: Priority;
  /** Fetch even when one is in flight, unconditionally (no If-None-Match). */
  readonly force?: boolean;
  /** The caller's own: aborting it rejects this caller's promise; the fetch goes on while anyone else waits. */
  readonly signal?: AbortSignal | undefined;
  /**
   * A view's or a refresh's fetch: an answer derived from other stored answers (a series' account state from the
   * account's lists) may be revalidated through those instead. A plain pull asks the service for this key.
   */
  readonly derive?: boolean;
}

/** What a key entry is given: its effects and the engine's network path. */
export interface KeyEntryDeps {
  readonly db: CatalogueDatabase;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly readMarks: ReadMarks;
  /** Sends the call and stores its answer (the engine's network path); rejects on failure or abort. */
  readonly send: (
    call: PreparedCall<StoredOperation>,
    options: { priority: Priority; force: boolean; derive: boolean; signal: AbortSignal },
  ) => Promise<WriteResult>;
  /** Called when nothing observes the entry and nothing is in flight: the cache forgets it. */
  readonly onIdle: (entry: KeyEntry<StoredOperation>) => void;
  /** Called when the live read shows a stored answer (the first answers keep it for the next page load). */
  readonly onShown?: (call: PreparedCall<StoredOperation>) => void;
  /**
   * How long the entry outlives its last observer (ms): its fetch goes on, its answer or error stays, and an
   * observer back within it costs nothing. 0: it stops at once.
   */
  readonly graceMs?: number;
}

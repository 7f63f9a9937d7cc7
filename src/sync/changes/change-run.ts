import type { Priority } from '../../queue/priority.js';
import type { EpisodeCursorRow, EpisodeRow } from '../../store/tables/rows.js';

/** A tracked episode in one run: its cursor and its stored row (undefined when the row is gone). */
export interface Candidate {
  readonly cursor: EpisodeCursorRow;
  readonly row: EpisodeRow | undefined;
}

/** The request budget and options of one `refreshChanges` run, shared by its steps. */
export interface RunState {
  budget: number;
  requests: number;
  readonly priority: Priority;
  readonly signal: AbortSignal | undefined;
}

/** Counters of one run (see `RefreshChangesResult`). */
export interface RunCounts {
  polled: number;
  patched: number;
  fallback: number;
  staled: number;
  failed: number;
  remaining: number;
}

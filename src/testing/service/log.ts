/** One request as the fake saw it. Paths never include the query, so session ids stay out of the log. */
export interface FakeLogEntry {
  /** Registry operation name, `image`, or `unknown` for a path no operation serves. */
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  /** HTTP status; 0 when the connection was reset. */
  readonly status: number;
  /** Body bytes sent (UTF-8). */
  readonly bytes: number;
  /** Clock time the request arrived. */
  readonly time: number;
  /** Clock milliseconds until the answer (latency faults). */
  readonly durationMs: number;
  /** The injected fault or limit that shaped the answer, if any. */
  readonly fault?: 'reset' | 'error' | 'malformed' | 'schema' | 'portal' | 'rate-limit' | 'storm' | undefined;
}

export interface FakeLog {
  /** Entries in arrival order (the most recent `maxEntries`). */
  entries(): readonly FakeLogEntry[];
  /** Counts per operation, then per status. */
  counts(): Record<string, Record<number, number>>;
  /** Requests matching the filter (all when none). */
  count(filter?: { operation?: string; status?: number }): number;
  /** Clears entries and counters. */
  reset(): void;
  /** Calls `listener` for every new entry; returns the unsubscribe function. */
  subscribe(listener: (entry: FakeLogEntry) => void): () => void;
}

export interface WritableFakeLog extends FakeLog {
  record(entry: FakeLogEntry): void;
}

/** Keeps the last `maxEntries` entries (benchmarks send hundreds of thousands) but counts everything. */
export function createFakeLog(maxEntries = 100_000): WritableFakeLog {
  let entries: FakeLogEntry[] = [];
  let counts: Record<string, Record<number, number>> = {};
  const listeners = new Set<(entry: FakeLogEntry) => void>();
  return {
    record(entry) {
      entries.push(entry);
      if (entries.length > maxEntries) entries = entries.slice(entries.length - maxEntries);
      const byStatus = counts[entry.operation] ?? {};
      counts[entry.operation] = byStatus;
      byStatus[entry.status] = (byStatus[entry.status] ?? 0) + 1;
      for (const listener of [...listeners]) listener(entry);
    },
    entries: () => entries,
    counts: () => structuredClone(counts),
    count(filter = {}) {
      let total = 0;
      for (const [operation, byStatus] of Object.entries(counts)) {
        if (filter.operation !== undefined && operation !== filter.operation) continue;
        for (const [status, n] of Object.entries(byStatus)) {
          if (filter.status === undefined || Number(status) === filter.status) total += n;
        }
      }
      return total;
    },
    reset() {
      entries = [];
      counts = {};
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

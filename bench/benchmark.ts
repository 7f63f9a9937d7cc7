/**
 * The contract between `bench/run.ts` and each `bench/<name>.bench.ts` (DESIGN, Contracts: "Benchmarks"). A
 * benchmark's default export is a `Benchmark`: it measures, compares with a baseline measured in the same run,
 * and returns its issue's fields plus one row per metric; the runner writes and prints them.
 */
export type BenchEnv = 'node' | 'chromium';

/** An IndexedDB implementation and its key range, as the library and Dexie take them injected. */
export interface IdbPair {
  readonly indexedDB: IDBFactory;
  readonly IDBKeyRange: typeof IDBKeyRange;
}

/** One database a benchmark may use, named uniquely within the run, and removed when it is done with. */
export interface BenchDatabase extends IdbPair {
  readonly name: string;
  /** Deletes it (the browser's disk; a no-op on a fake factory that is simply dropped). Close it first. */
  remove(): Promise<void>;
}

/**
 * Where benchmarks keep their data, so one body runs on fake-indexeddb in Node and on real IndexedDB in
 * Chromium: Node gives each `fresh` database its own fake factory; Chromium gives the page's one, under a
 * name unique in the run.
 */
export interface BenchStorage {
  /** A new empty database named after `prefix`. */
  fresh(prefix: string): BenchDatabase;
  /**
   * The IndexedDB that databases reopened by name across a benchmark live in (warm starts), also installed as
   * the global `indexedDB` that idb-keyval (TanStack's storage here) opens its databases through.
   */
  shared(): IdbPair;
  /**
   * Lets the storage finish what a large write set off before timed reads: Chromium's LevelDB compacts in the
   * background after a big ingest (a new page would open later, not within milliseconds of it). No-op in Node.
   */
  afterBulkWrites(): Promise<void>;
}

export interface BenchRow {
  readonly metric: string;
  /** The library's figure. */
  readonly library: number;
  /** The same figure for the baseline measured in this run, or null when there is none (or it was skipped). */
  readonly baseline: number | null;
  /** `library / baseline` (or as the benchmark defines it), or null. */
  readonly ratio: number | null;
  /** The goal in words, e.g. `≥ 0.9`, or `''` for a figure reported without one. */
  readonly goal: string;
  readonly unit: string;
  /** Whether the goal holds; undefined for a figure without a goal. */
  readonly met?: boolean | undefined;
}

export interface BenchResult {
  /** The fields the benchmark's issue names, written to the results file as they are. */
  readonly fields: Record<string, unknown>;
  readonly rows: readonly BenchRow[];
}

export interface BenchContext {
  /** Tiny counts: checks the benchmark runs, in a few seconds; its figures mean nothing. */
  readonly smoke: boolean;
  readonly env: BenchEnv;
  readonly storage: BenchStorage;
  /** Progress lines for the person watching (stderr). */
  log(message: string): void;
}

export type Benchmark = (context: BenchContext) => Promise<BenchResult>;

/** `a / b` rounded to 3 decimals, or null when b is 0 or missing. */
export function ratio(a: number, b: number | null): number | null {
  if (b === null || b === 0 || !Number.isFinite(a / b)) return null;
  return round(a / b);
}

export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The median of `values` (the upper one of an even count), rounded to `digits`; NaN when there are none. */
export function median(values: readonly number[], digits = 3): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.floor(sorted.length / 2)] as number, digits);
}

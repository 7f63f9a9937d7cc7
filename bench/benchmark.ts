/**
 * The contract between `bench/run.ts` and each `bench/<name>.bench.ts` (DESIGN, Contracts: "Benchmarks"). A
 * benchmark's default export is a `Benchmark`: it measures, compares with a baseline measured in the same run,
 * and returns its issue's fields plus one row per metric; the runner writes and prints them.
 */
export type BenchEnv = 'node' | 'chromium';

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

/**
 * Rows for the views' warm starts after a browser restart (a new Chromium process on the same profile),
 * reported without goals (DESIGN, Contracts: "Benchmarks"): the database open then dominates.
 */
import { type BenchRow, ratio } from '../benchmark.js';
import type { FirstStarts } from './page-api.js';

export function restartRows(starts: FirstStarts, sizes: readonly number[]): BenchRow[] {
  const [small, middle, large] = sizes as [number, number, number];
  const at = (n: number, side: string) => starts[`n${n}`]?.[side] as number;
  const row = (metric: string, library: number, baseline: number, value: number | null): BenchRow => ({
    metric: `afterRestart.${metric}`,
    library,
    baseline,
    ratio: value,
    goal: '',
    unit: 'ms',
  });
  const library = at(middle, 'library');
  return [
    row('flatness', at(large, 'library'), at(small, 'library'), ratio(at(large, 'library'), at(small, 'library'))),
    row('overRaw', library, at(middle, 'raw'), ratio(library, at(middle, 'raw'))),
    // As within one run: how many times faster than TanStack the library starts.
    row('vsClient', library, at(middle, 'tanstackClient'), ratio(at(middle, 'tanstackClient'), library)),
    row('vsQuery', library, at(middle, 'tanstackQuery'), ratio(at(middle, 'tanstackQuery'), library)),
  ];
}

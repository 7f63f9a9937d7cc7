import fc from 'fast-check';
import { watchUnhandledRejections } from '../../helpers/watch-unhandled-rejections.js';
import { printFigures } from './figures.js';
import { outboxPlan } from './outbox-plan.js';
import { type RunCounts, runOutboxPlan } from './outbox-property-run.js';

export interface PropertyResult {
  readonly runs: number;
  readonly counts: RunCounts;
  readonly rejections: readonly unknown[];
}

/**
 * `runs` random plans from fast-check's `seed` (the same seed replays the same plans; a failure prints its seed,
 * path and shrunk counterexample), then one figures line.
 */
export async function checkOutboxProperty(seed: number, runs: number): Promise<PropertyResult> {
  const rejections = watchUnhandledRejections();
  const counts: RunCounts = {
    changes: 0,
    writes: 0,
    faults: 0,
    reloads: 0,
    replays: 0,
    duplicates: 0,
    jumps: 0,
    jumpsMidSend: 0,
    longestSettleMs: 0,
  };
  let ran = 0;
  try {
    await fc.assert(
      fc.asyncProperty(outboxPlan, async (plan) => {
        ran += 1;
        const violation = await runOutboxPlan(plan, counts);
        if (violation) throw new Error(`${violation.what}: ${JSON.stringify(violation.detail)}`);
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
  } finally {
    rejections.stop();
  }
  printFigures(
    `[reliability] outbox property seed ${seed}: runs=${ran} changes=${counts.changes} writes=${counts.writes} ` +
      `faults=${counts.faults} reloads-mid-send=${counts.reloads} replays=${counts.replays} ` +
      `duplicates-in-effect=${counts.duplicates} clock-jumps=${counts.jumps} jumps-mid-send=${counts.jumpsMidSend} ` +
      `longest-settle-after-clock-set-right=${counts.longestSettleMs}ms`,
  );
  return { runs: ran, counts, rejections: rejections.reasons };
}

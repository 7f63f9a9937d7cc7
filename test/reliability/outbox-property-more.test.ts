import { describe, expect, it } from 'vitest';
import { checkOutboxProperty } from './support/check-outbox-property.js';

// The other half of the ≥ 200 runs, from another seed than `outbox-property.test.ts` (the two files run
// on two cores side by side). OUTBOX_PROPERTY_MORE_SEED / _RUNS replay or widen a run.
const SEED = Number(process.env.OUTBOX_PROPERTY_MORE_SEED ?? 4_041_220);
const RUNS = Number(process.env.OUTBOX_PROPERTY_RUNS ?? 100);

describe('outbox property: tabs, reloads mid-send, clock jumps, a flapping network and bad answers never lose a change', () => {
  it(`${RUNS} seeded random runs: the service is what each user meant, the store is the service, order kept`, async () => {
    const { runs, counts, rejections } = await checkOutboxProperty(SEED, RUNS);
    expect(runs).toBe(RUNS);
    expect(counts.duplicates).toBe(0);
    // The runs met what they are about: faults on writes and reloads while a write was on the wire.
    expect(counts.faults).toBeGreaterThan(0);
    expect(counts.reloads).toBeGreaterThan(0);
    // And wall-clock jumps, forward and back, some while a write was on the wire (set right before the last drain,
    // which then waits no longer than a lease and the longest backoff: checked per run).
    expect(counts.jumps).toBeGreaterThan(0);
    expect(counts.jumpsMidSend).toBeGreaterThan(0);
    expect(rejections).toEqual([]);
  }, 300_000);
});

import { afterEach, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { catalogueWorld } from '../helpers/catalogue-world.js';
import { reliabilityWorldOptions, START } from '../helpers/reliability-world-options.js';
import { watchUnhandledRejections } from '../helpers/watch-unhandled-rejections.js';
import {
  corruptPayloads,
  countRetries,
  emptyFigures,
  faultCounts,
  printFigures,
  summaryLine,
} from './support/figures.js';
import { fullSync } from './support/full-sync.js';
import { buildSyncPlan, groundTruthOf, readResource } from './support/sync-plan.js';

/** Issue 11 item 1: the rates it names, plus latency jitter and one 429 storm. */
const FAULTS = {
  errorRate: 0.2,
  resetRate: 0.05,
  malformedRate: 0.03,
  schemaViolationRate: 0.02,
  latencyMs: 20,
  jitterMs: 400,
};
const SEEDS = [1, 2, 3, 4, 5];

let open: Catalogue[] = [];
afterEach(async () => {
  for (const catalogue of open) await catalogue.close();
  open = [];
});

describe('chaos sync: a full pull of a medium catalogue under faults ends equal to the service', () => {
  it.each(SEEDS)(
    'seed %i: every resource as served, every corrupt payload quarantined, nothing escaped or lost',
    async (seed) => {
      const rejections = watchUnhandledRejections();
      try {
        const world = catalogueWorld(reliabilityWorldOptions(seed, { service: { scale: 'medium' } }));
        const plan = buildSyncPlan(world.service);
        expect(plan.resources).toHaveLength(9 + 20 + 150 + 50);
        world.service.control.setFaults({ seed: seed * 101, ...FAULTS });
        // A storm of 429s a little after the start: every request is refused for 4 s.
        world.service.control.storm({ startAt: START + 300, durationMs: 4_000 });
        const catalogue = world.open();
        open.push(catalogue);
        const figures = emptyFigures();
        countRetries(catalogue, figures);
        const errors: unknown[] = [];
        catalogue.on('error', (event) => errors.push(event));

        const result = await fullSync(world, catalogue, plan);
        await world.settle(1_000);

        // The sync completed: re-running the rounds outlasted every injected failure.
        expect(result.unfinished).toBe(0);
        // The change feeds patched every episode the service changed after the pull (compared with the truth below).
        expect(result.changes.reduce((n, run) => n + run.patched, 0)).toBeGreaterThanOrEqual(
          plan.mutatedEpisodes.length,
        );
        // Faults were really met, of every kind asked for.
        const faults = faultCounts(world.service);
        for (const kind of ['error', 'reset', 'malformed', 'schema', 'storm'])
          expect(faults[kind] ?? 0).toBeGreaterThan(0);
        expect(figures.retries).toBeGreaterThan(0);

        // Every resource is stored and equals the service's fault-free answer now (patched episodes included).
        world.service.control.setFaults(undefined);
        let lost = 0;
        for (const resource of plan.resources) {
          const stored = await readResource(catalogue, resource);
          if (stored === undefined) lost += 1;
          expect(stored, `${resource.operation} ${JSON.stringify(resource.params)}`).toEqual(
            groundTruthOf(world.service, resource),
          );
        }
        expect(lost).toBe(0);
        // Every episode the change feeds covered was tracked: at least the 200 the issue asks for.
        const tracked = await databaseOf(catalogue).episodeCursors.count();
        expect(tracked).toBeGreaterThanOrEqual(200);

        // One quarantine row per corrupt payload the catalogue received (malformed JSON or a schema violation).
        const corrupt = corruptPayloads(world.service);
        expect(corrupt).toBeGreaterThan(0);
        expect(await databaseOf(catalogue).quarantine.count()).toBe(corrupt);

        Object.assign(figures, {
          requests: world.service.log.entries().length,
          faults,
          quarantined: corrupt,
          lost,
        });
        printFigures(
          `${summaryLine(`chaos seed ${seed}`, figures)} tracked=${tracked} rounds=${result.pullRounds}+${result.changeRounds}`,
        );
        expect(rejections.reasons).toEqual([]);
      } finally {
        rejections.stop();
      }
    },
  );
});

describe('change feeds under corrupt payloads', () => {
  it('a feed answer that fails validation is quarantined and reported like a pulled one, and the cursor stays', async () => {
    const world = catalogueWorld(reliabilityWorldOptions(6, { service: { scale: 'small' } }));
    const plan = buildSyncPlan(world.service, { listPages: 1, pages: 1, people: 0, seasons: 1, mutated: 1 });
    const catalogue = world.open();
    open.push(catalogue);
    await fullSync(world, catalogue, plan);
    const episodeId = plan.mutatedEpisodes[0] as number;
    const before = await databaseOf(catalogue).episodeCursors.get(episodeId);
    // Every feed answer now violates its schema (tvChanges, the series and season feeds, the episode feeds).
    world.service.control.setFaults({
      operations: {
        tvChanges: { schemaViolationRate: 1 },
        seriesChanges: { schemaViolationRate: 1 },
        seasonChanges: { schemaViolationRate: 1 },
        episodeChanges: { schemaViolationRate: 1 },
      },
    });
    world.service.control.mutateEpisode(episodeId, { name: 'Changed again' });
    const quarantined: { operation: string; requestKey: string }[] = [];
    catalogue.on('quarantined', (event) => quarantined.push(event));
    const result = await world.clock.runUntil(catalogue.sync.refreshChanges({ budget: 1_000 }));
    await world.settle();
    expect(result.failed).toBeGreaterThan(0);
    const rows = await databaseOf(catalogue).quarantine.toArray();
    expect(rows.map((row) => row.operation)).toContain('tvChanges');
    expect(rows.map((row) => row.operation)).toContain('episodeChanges');
    expect(rows).toHaveLength(corruptPayloads(world.service));
    expect(quarantined.map((event) => event.requestKey).sort()).toEqual(rows.map((row) => row.requestKey).sort());
    // Nothing was applied from a corrupt feed: the episode's cursor did not move.
    expect((await databaseOf(catalogue).episodeCursors.get(episodeId))?.checkedAt).toBe(before?.checkedAt);
  });
});

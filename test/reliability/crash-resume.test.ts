import { afterAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { databaseOf } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import type { FaultOptions } from '../../src/testing/index.js';
import { catalogueWorld } from '../helpers/catalogue-world.js';
import { reliabilityWorldOptions } from '../helpers/reliability-world-options.js';
import { watchUnhandledRejections } from '../helpers/watch-unhandled-rejections.js';
import { seededRandom } from '../support/seeded-random.js';
import { printFigures } from './support/figures.js';
import { fullSync } from './support/full-sync.js';
import { dumpStore, mutateCrash, storeViolations, withDatabase } from './support/store-invariants.js';
import { buildSyncPlan, mutatePlannedEpisodes, type SyncPlan } from './support/sync-plan.js';

const SEED = 11;
const DB = 'catalogue-crash';
/** Smaller than the chaos sync's plan so that 20 crashes and resumes stay within a few seconds; same shape. */
const SIZES = { people: 20, seasons: 20, mutated: 20 };

interface Reference {
  readonly plan: SyncPlan;
  readonly dump: Record<string, unknown[]>;
  readonly requests: number;
  readonly mutates: number;
}

/**
 * A world whose service changed the planned episodes before the sync began, so a run's change feeds find the
 * same items whenever they run (an interrupted run reaches them later in virtual time than an uninterrupted one).
 */
function crashWorld(faults?: FaultOptions) {
  // The eager door: each run installs store middleware (a write counter, a crash point) right after `open()`.
  const world = catalogueWorld(
    reliabilityWorldOptions(SEED, { service: { scale: 'medium' }, dbName: DB, door: 'eager' }),
  );
  const plan = buildSyncPlan(world.service, SIZES);
  mutatePlannedEpisodes(world.service, plan, 1);
  if (faults) world.service.control.setFaults(faults);
  return { world, plan };
}

const noChange = () => {};

/** The uninterrupted run: its store is what every crashed-and-resumed run must end with. */
async function referenceRun(): Promise<Reference> {
  const { world, plan } = crashWorld();
  const counter = mutateCrash(undefined, noChange);
  const catalogue = world.open();
  databaseOf(catalogue).use(counter.middleware);
  const result = await fullSync(world, catalogue, plan, { beforeChanges: noChange });
  expect(result.unfinished).toBe(0);
  await world.settle(1_000);
  const dump = await dumpStore(databaseOf(catalogue));
  const reference = { plan, dump, requests: world.requests.length, mutates: counter.count() };
  await catalogue.close();
  return reference;
}

type CrashPoint = { readonly kind: 'request' | 'mutate'; readonly at: number };

/** `count` seeded points: half after the k-th request, half inside the k-th write (a mutate of a write transaction). */
function crashPoints(reference: Reference, count = 20, seed = SEED): CrashPoint[] {
  const random = seededRandom(seed);
  const pick = (max: number) => 1 + Math.floor(random() * max);
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? { kind: 'request', at: pick(reference.requests) } : { kind: 'mutate', at: pick(reference.mutates) },
  );
}

/** Runs the sync on a first instance until it dies at `point`; returns once that instance is closed. */
async function runUntilCrash(point: CrashPoint, faults?: FaultOptions) {
  const { world, plan } = crashWorld(faults);
  let crashed = false;
  let catalogue: Catalogue | undefined;
  // The page dies: its database connection and queue go, whatever was in flight is lost.
  const crash = () => {
    if (crashed) return;
    crashed = true;
    void catalogue?.close();
  };
  let sent = 0;
  const wrapFetch =
    (fetch: FetchLike): FetchLike =>
    (input, init) => {
      sent += 1;
      if (point.kind === 'request' && sent === point.at) {
        crash();
        return Promise.reject(new TypeError('Failed to fetch: the page was closed'));
      }
      return fetch(input, init);
    };
  catalogue = world.open({ wrapFetch });
  databaseOf(catalogue).use(mutateCrash(point.kind === 'mutate' ? point.at : undefined, crash).middleware);
  const first = catalogue;
  await fullSync(world, first, plan, { beforeChanges: noChange, stopped: () => crashed }).catch(() => undefined);
  await world.settle(500);
  return { world, plan, crashed };
}

let reference: Reference;
const figures = { crashes: 0, requestCrashes: 0, mutateCrashes: 0, underFaults: 0, violations: 0 };

afterAll(() => {
  printFigures(
    `[reliability] crash-resume: crashes=${figures.crashes} (after a request ${figures.requestCrashes}, ` +
      `inside a write ${figures.mutateCrashes}; under faults ${figures.underFaults}) half-written=${figures.violations} reference requests=${reference?.requests} ` +
      `writes=${reference?.mutates}`,
  );
});

describe('crash and resume: a sync stopped at 20 random points resumes on a new instance to the same store', () => {
  it('the uninterrupted run is consistent', async () => {
    reference = await referenceRun();
    expect(reference.requests).toBeGreaterThan(reference.plan.resources.length);
    expect(reference.dump.listPages?.length).toBeGreaterThan(0);
    expect(reference.dump.episodes?.length).toBeGreaterThan(0);
  });

  it.each(Array.from({ length: 20 }, (_, i) => i))(
    'crash point %i: no half-written page after the crash; the resumed store equals the uninterrupted one',
    async (i) => {
      await crashAndResume(crashPoints(reference)[i] as CrashPoint);
    },
  );

  // The same under the chaos sync's 5xx, resets and latency (no corrupt payloads, so the stores compare whole).
  it.each(Array.from({ length: 6 }, (_, i) => i))(
    'under faults, crash point %i: nothing half-written; the resumed store equals the uninterrupted one',
    async (i) => {
      await crashAndResume(crashPoints(reference, 6, SEED + 1)[i] as CrashPoint, UNDER_FAULTS);
    },
  );
});

const UNDER_FAULTS: FaultOptions = { seed: 5, errorRate: 0.2, resetRate: 0.05, latencyMs: 20, jitterMs: 400 };

/** Crashes a run at `point`, checks the store at rest, resumes on a new instance and compares with the reference. */
async function crashAndResume(point: CrashPoint, faults?: FaultOptions): Promise<void> {
  const rejections = watchUnhandledRejections();
  try {
    const { world, plan, crashed } = await runUntilCrash(point, faults);
    expect(crashed, `the run reached ${point.kind} ${point.at}`).toBe(true);
    figures.crashes += 1;
    if (point.kind === 'request') figures.requestCrashes += 1;
    else figures.mutateCrashes += 1;
    if (faults) figures.underFaults += 1;
    // At rest after the crash: every page, record set and freshness row is whole or absent.
    const violations = await withDatabase(world, DB, storeViolations);
    figures.violations += violations.length;
    expect(violations).toEqual([]);

    // A new instance on the same database resumes: what is fresh is kept, the rest is fetched.
    const second = world.open();
    const result = await fullSync(world, second, plan, { beforeChanges: noChange });
    expect(result.unfinished).toBe(0);
    await world.settle(1_000);
    expect(await storeViolations(databaseOf(second))).toEqual([]);
    expect(await dumpStore(databaseOf(second))).toEqual(reference.dump);
    await second.close();
    expect(rejections.reasons).toEqual([]);
  } finally {
    rejections.stop();
  }
}

describe('closing an instance while a request is on the wire', () => {
  it('the request settles, so the background lock it was sent under passes to the next instance', async () => {
    const world = catalogueWorld(
      reliabilityWorldOptions(3, { service: { scale: 'small' }, dbName: 'catalogue-close' }),
    );
    let hang = false;
    let release: (() => void) | undefined;
    const held: Promise<void> = new Promise((resolve) => {
      release = resolve;
    });
    // Once `hang` is set, the first instance's requests stay on the wire until released, then fail like a dropped
    // connection.
    const first = world.open({
      wrapFetch: (fetch) => async (input, init) => {
        if (!hang) return fetch(input, init);
        await held;
        throw new TypeError('Failed to fetch');
      },
    });
    await world.clock.runUntil(first.sync.pull('trendingTv', { time_window: 'day' }));
    await world.settle(2 * 24 * 3_600_000);
    hang = true;
    // The refresh revalidates the stale list under the background lock; its request hangs; the page goes.
    const refresh = first.sync.refresh().then(
      (result) => result,
      (error: unknown) => error,
    );
    await world.settle();
    await first.close();
    release?.();
    // Before the fix the dropped request was retried into the closed queue and never settled, so the refresh
    // kept the lock for ever and the next instance's refresh waited on it.
    expect(await world.clock.runUntil(refresh)).toMatchObject({ failed: 1 });
    const second = world.open();
    expect(await world.clock.runUntil(second.sync.refresh())).toMatchObject({ updated: 1, failed: 0 });
    await second.close();
  });
});

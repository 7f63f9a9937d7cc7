import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNetworkError } from '../../src/errors/index.js';
import { lazyFeatures } from '../../src/lazy-features.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { splitBuild } from '../helpers/split-build.js';

/**
 * Features a read-only visit never runs (the change feeds) arrive by dynamic import on first use: a visit that
 * only shows a view never loads them, the first member that needs them loads them once for every later call, and
 * a load that fails rejects that member with a typed error and is tried again by the next call.
 */
let world: CatalogueWorld | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await world?.closeAll();
  world = undefined;
});

describe('change feeds load on first use', () => {
  it('a view shown fresh loads nothing; refresh, refreshChanges and a second refresh load the feeds once', async () => {
    const loads = vi.spyOn(lazyFeatures, 'changes');
    // The main entry's core arrives by dynamic import, in real time.
    world = catalogueWorld({ settleOnTimers: true });
    const catalogue = world.open();
    const view = catalogue.trendingTv({ time_window: 'day' });
    const stop = view.subscribe(() => {});
    for (let round = 0; round < 50 && view.getSnapshot().status !== 'fresh'; round++) await world.settle(100);
    expect(view.getSnapshot().status).toBe('fresh');
    stop();
    // Tracking only pulls seasons: it needs no feed either.
    await catalogue.track.series(view.getSnapshot().data?.results[0]?.id as number, { seasons: [1] });
    expect(loads).not.toHaveBeenCalled();
    await catalogue.sync.refresh();
    await catalogue.sync.refreshChanges();
    await catalogue.sync.refresh();
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['sync.refresh', (c: ReturnType<CatalogueWorld['open']>) => c.sync.refresh()],
    ['sync.refreshChanges', (c: ReturnType<CatalogueWorld['open']>) => c.sync.refreshChanges()],
  ])('a chunk that fails to load: %s rejects with a NetworkError, and the next call loads it', async (member, call) => {
    const real = lazyFeatures.changes;
    const loads = vi
      .spyOn(lazyFeatures, 'changes')
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
      .mockImplementation(real);
    world = catalogueWorld();
    const catalogue = world.open();
    const failed = await call(catalogue).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isNetworkError(failed)).toBe(true);
    expect((failed as { operation?: string }).operation).toBe(member);
    await expect(call(catalogue)).resolves.toBeDefined();
    expect(loads).toHaveBeenCalledTimes(2);
  });
});

describe('the bundle: the feeds and the outbox are chunks reached by dynamic import only', () => {
  it('no static import path from the main entry, nor from its core, reaches a change feed or outbox module', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const { outputs, chunkOf, staticClosure } = await splitBuild(
      `${root}bench/browser/bundle-entries/catalogue-view.ts`,
      `${root}.tmp-lazy-features`,
    );
    const entry = chunkOf('catalogue-view.ts') as string;
    const core = chunkOf('src/catalogue-core.ts') as string;
    expect(core).toBeDefined();
    const loadedBeforeUse = new Set([...staticClosure(entry), ...staticClosure(core)]);
    const inputs = [...loadedBeforeUse].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
    const lazyModules = [
      ...['change-feed.ts', 'narrow-changes.ts', 'apply-episode-changes.ts', 'episode-patch.ts'].map(
        (name) => `src/sync/changes/${name}`,
      ),
      ...['outbox.ts', 'outbox-claims.ts', 'outbox-settlement.ts', 'sender-liveness.ts'].map(
        (name) => `src/sync/${name}`,
      ),
      'src/store/outbox/outbox-store.ts',
      'src/store/outbox/claim-rule.ts',
      'src/store/auth/wait-for-sign-in.ts',
    ];
    expect(inputs.filter((input) => lazyModules.includes(input))).toEqual([]);
    // The check can fail: every one of them is in the build, in a chunk of its feature.
    const all = new Set(Object.values(outputs).flatMap((o) => Object.keys(o.inputs)));
    expect(lazyModules.filter((module) => !all.has(module))).toEqual([]);

    // A feature's chunk shares no module of ours with the first read: a bundler splits by file, so a module both
    // reached would be cut out of the first read's chunks into one more on that path. Only esbuild's runtime
    // helpers (no file of `src/`) may be shared.
    const firstRead = staticClosure(entry);
    for (const feature of ['src/sync/changes/change-feed.ts', 'src/sync/outbox.ts']) {
      const chunk = chunkOf(feature) as string;
      expect(chunk, feature).toBeDefined();
      const shared = [...staticClosure(chunk)].filter((file) => firstRead.has(file));
      const ours = shared
        .flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}))
        .filter((i) => i.startsWith('src/'));
      expect(ours, feature).toEqual([]);
    }
  });
});

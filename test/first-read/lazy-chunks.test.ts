import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SplitBuild, splitBuild } from '../helpers/split-build.js';

/**
 * The features a read-only visit never runs are chunks of their own, reached by dynamic import only
 * (`lazy-features.ts`), and they stay off the path to first content in both ways a bundle can put them there: no
 * static import from the main entry or its core reaches their modules, and they share no module with the first
 * read. A bundler splits by file and by who reaches it: a module the first read shares with a lazy chunk is cut
 * into one more chunk on the first read's path, which then loads more, smaller files (the core hands such modules
 * in: `feed-store.ts`, `sweep-store.ts`, `local-kit.ts`).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

/** Each lazy feature: the module its chunk starts at, and modules that must be in that chunk only. */
const FEATURES = [
  {
    name: 'change feeds',
    entry: 'src/sync/changes/change-feed.ts',
    own: ['sync/changes/change-feed.ts', 'sync/changes/narrow-changes.ts', 'sync/changes/apply-episode-changes.ts'],
  },
  {
    name: 'eviction',
    entry: 'src/sync/sweep-browse-data.ts',
    own: [
      'sync/sweep-browse-data.ts',
      'store/eviction/evict-browse-data.ts',
      'store/eviction/browse-unit-order.ts',
      'store/eviction/reconcile-size-ledger.ts',
    ],
  },
  {
    name: 'local discover and search',
    entry: 'src/query/stored-local-queries.ts',
    own: ['query/stored-local-queries.ts', 'query/local-discover.ts', 'query/local-search.ts'],
  },
] as const;

let built: SplitBuild;
beforeAll(async () => {
  built = await splitBuild(`${root}bench/browser/bundle-entries/catalogue-view.ts`, `${root}.tmp-lazy-chunks`);
});

/** The output whose entry point (an entry or a dynamic import) is `module`. */
function chunkOf(module: string): string {
  const found = built.chunkOf(module);
  expect(found, module).toBeDefined();
  return found as string;
}

/** The modules in `start` and every chunk it imports statically (what loads with it). */
function staticModules(start: string): Set<string> {
  return new Set([...built.staticClosure(start)].flatMap((file) => Object.keys(built.outputs[file]?.inputs ?? {})));
}

describe.each(FEATURES)('$name: a chunk of its own, off the path to first content', (feature) => {
  it('no static import from the main entry nor from its core reaches its modules; the build has them', () => {
    const beforeUse = new Set([
      ...staticModules(chunkOf('bench/browser/bundle-entries/catalogue-view.ts')),
      ...staticModules(chunkOf('src/catalogue-core.ts')),
    ]);
    expect([...beforeUse].filter((input) => feature.own.some((module) => input.endsWith(`src/${module}`)))).toEqual([]);
    const chunk = Object.keys(built.outputs[chunkOf(feature.entry)]?.inputs ?? {});
    for (const module of feature.own) expect(chunk).toContain(`src/${module}`);
  });

  it('shares no module with the first read (which would split the first read into more chunks)', () => {
    const firstRead = staticModules(chunkOf('bench/browser/bundle-entries/catalogue-view.ts'));
    expect(firstRead.size).toBeGreaterThan(20);
    const shared = [...staticModules(chunkOf(feature.entry))].filter((module) => firstRead.has(module));
    expect(shared).toEqual([]);
  });
});

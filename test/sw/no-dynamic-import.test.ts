import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * `entry` bundled from the sources with code splitting on, as an app's bundler builds a module worker: a dynamic
 * import stays an `import()` of a chunk, which a service worker cannot run.
 */
async function bundled(entry: string): Promise<string> {
  return (await bundle(entry)).code;
}

async function bundle(entry: string): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [`${root}${entry}`],
    bundle: true,
    splitting: true,
    outdir: `${root}.tmp-no-dynamic-import`,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  });
  return {
    code: result.outputFiles.map((file) => file.text).join('\n'),
    inputs: Object.keys(result.metafile.inputs),
  };
}

/**
 * The modules the main entry loads on first use (`src/lazy-features.ts`): the eager entry and a worker built on it
 * must carry them in static imports, or their members would have nothing to run.
 */
const LAZY_FEATURE_MODULES = [
  'src/sync/changes/change-feed.ts',
  'src/sync/sweep-browse-data.ts',
  'src/query/stored-local-queries.ts',
  'src/sync/outbox.ts',
  'src/sync/outbox-claims.ts',
  'src/sync/outbox-settlement.ts',
  'src/store/outbox/outbox-store.ts',
];

/** An `import(` call in bundled code (a dynamic import left for the runtime). */
const DYNAMIC_IMPORT = /\bimport\s*\(/;

describe('what a service worker may import has no dynamic import (import() throws in a service worker)', () => {
  it.each([
    ['src/eager-entry.ts', 'catalogue-sync/eager'],
    ['src/sw/index.ts', 'catalogue-sync/sw'],
    ['src/sw/offline-shell-entry.ts', 'catalogue-sync/sw/offline-shell'],
    ['test/e2e/sw-page/sw.ts', 'the test page’s worker, as the README’s recipe builds it'],
  ])('%s (%s)', async (entry) => {
    const code = await bundled(entry);
    expect(code.length).toBeGreaterThan(10_000);
    expect(code.match(DYNAMIC_IMPORT)?.[0]).toBeUndefined();
  });

  it.each([['src/eager-entry.ts'], ['test/e2e/sw-page/sw.ts']])(
    '%s bundles every lazy feature module statically',
    async (entry) => {
      const { code, inputs } = await bundle(entry);
      expect(code.match(DYNAMIC_IMPORT)?.[0]).toBeUndefined();
      for (const module of LAZY_FEATURE_MODULES) expect(inputs).toContain(module);
    },
  );

  it('the main entry does load its core by dynamic import (the check above can fail)', async () => {
    expect(await bundled('src/index.ts')).toMatch(DYNAMIC_IMPORT);
  });
});

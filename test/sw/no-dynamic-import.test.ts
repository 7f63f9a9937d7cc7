import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * `entry` bundled from the sources with code splitting on, as an app's bundler builds a module worker: a dynamic
 * import stays an `import()` of a chunk, which a service worker cannot run.
 */
async function bundled(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [`${root}${entry}`],
    bundle: true,
    splitting: true,
    outdir: `${root}.tmp-no-dynamic-import`,
    write: false,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  });
  return result.outputFiles.map((file) => file.text).join('\n');
}

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

  it('the main entry does load its core by dynamic import (the check above can fail)', async () => {
    expect(await bundled('src/index.ts')).toMatch(DYNAMIC_IMPORT);
  });
});

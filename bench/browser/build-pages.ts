/**
 * Production builds of the browser benchmarks' pages, as a user builds an app with Vite (`mode: 'production'`,
 * minified), each into `.tmp-bench-pages/<name>/` (git-ignored), once per run.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PAGES_DIR = join(PACKAGE_ROOT, '.tmp-bench-pages');

const built = new Map<string, Promise<string>>();

/**
 * Builds `bench/browser/<source>/index.html` into `.tmp-bench-pages/<name>/` and returns that folder; the same
 * name built again in a run is the first build. The profiler's build keeps names (`minify: false`) and writes
 * source maps. `plugins`: what the app's Vite config adds (the library's side: `cataloguePreload()`, as its README
 * recipe says).
 */
export function buildPage(
  source: string,
  name = source,
  minify = true,
  sourcemap = false,
  plugins: readonly object[] = [],
): Promise<string> {
  let pending = built.get(name);
  if (!pending) {
    pending = (async () => {
      const outDir = join(PAGES_DIR, name);
      await rm(outDir, { recursive: true, force: true });
      await build({
        root: join(PACKAGE_ROOT, 'bench', 'browser', source),
        configFile: false,
        logLevel: 'warn',
        mode: 'production',
        plugins: [...plugins] as never,
        build: { outDir, emptyOutDir: true, minify, sourcemap, reportCompressedSize: false },
      });
      return outDir;
    })();
    built.set(name, pending);
  }
  return pending;
}

/**
 * Builds a test page with Vite's programmatic `build()`: the library bundled from its sources as a PWA would
 * bundle it. Each build goes to a fresh temporary directory that the caller removes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig, mergeConfig } from 'vite';

/** The default test page (`test/e2e/pages/`), exposing `window.e2e`. */
export const DEFAULT_PAGE_ROOT = fileURLToPath(new URL('../pages/', import.meta.url));

export interface BuildPageOptions {
  /** The Vite root holding `index.html`. @default DEFAULT_PAGE_ROOT */
  root?: string;
  /**
   * Merged over the harness's config: extra entries (a module service worker under a fixed name, say through
   * `build.rolldownOptions.input` and `output.entryFileNames`), defines, plugins.
   * @default none
   */
  vite?: InlineConfig;
  /** Build into this directory (emptied first) instead of a new temporary one: a rebuild of a served page. */
  outDir?: string;
}

export interface BuiltPage {
  /** The built directory: give it to `serveFakeService({ staticDir })`. */
  readonly dir: string;
  /** Removes the built directory. */
  remove(): Promise<void>;
}

export async function buildPage(options: BuildPageOptions = {}): Promise<BuiltPage> {
  const dir = options.outDir ?? (await mkdtemp(join(tmpdir(), 'catalogue-e2e-page-')));
  const base: InlineConfig = {
    root: options.root ?? DEFAULT_PAGE_ROOT,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: dir,
      emptyOutDir: true,
      // Readable stack traces from the page matter more here than bytes.
      minify: false,
      reportCompressedSize: false,
    },
  };
  try {
    await build(options.vite ? mergeConfig(base, options.vite) : base);
  } catch (error) {
    if (options.outDir === undefined) await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

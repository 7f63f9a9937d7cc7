import { build, type Metafile } from 'esbuild';

/** An esbuild build of an entry with code splitting (as an app's bundler makes it), read from its metafile. */
export interface SplitBuild {
  readonly outputs: Metafile['outputs'];
  /** The output chunk whose entry point (the entry itself or a dynamic import) ends with `module`, if any. */
  chunkOf(module: string): string | undefined;
  /** `start` and every chunk it imports statically: what loads with it, before any dynamic import. */
  staticClosure(start: string): Set<string>;
}

/**
 * Bundles `entry` in memory under `outdir`'s names with splitting, ESM, for the browser: the
 * build the tests of what a first visit loads read their chunks from.
 */
export async function splitBuild(entry: string, outdir: string): Promise<SplitBuild> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  return {
    outputs,
    chunkOf: (module) => Object.keys(outputs).find((output) => outputs[output]?.entryPoint?.endsWith(module)),
    staticClosure(start) {
      const seen = new Set([start]);
      for (const file of seen) {
        for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement') seen.add(i.path);
      }
      return seen;
    },
  };
}

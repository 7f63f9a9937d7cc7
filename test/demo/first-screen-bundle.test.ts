import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The demo's entry is on the chain to a first visit's largest paint (the first poster): it carries the home screen
 * only. Every other screen, the devtools panel and the worker helpers are reached by dynamic import alone.
 */
describe("the demo's entry: the first screen only", () => {
  it('no static import path from demo/main.ts reaches another screen, the devtools or the worker helpers', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const result = await build({
      entryPoints: [`${root}demo/main.ts`],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: `${root}.tmp-demo-entry`,
      write: false,
      metafile: true,
      logLevel: 'silent',
      loader: { '.css': 'empty' },
    });
    const outputs = result.metafile.outputs;
    const entry = Object.keys(outputs).find((o) => outputs[o]?.entryPoint?.endsWith('demo/main.ts')) as string;
    const seen = new Set([entry]);
    for (const file of seen) {
      for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement') seen.add(i.path);
    }
    const first = [...seen].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
    const deferred = (input: string) =>
      (/demo\/app\/screens\//.test(input) && !input.endsWith('screens/trending.ts')) ||
      /src\/devtools\//.test(input) ||
      /src\/sw\//.test(input);
    expect(first.filter(deferred)).toEqual([]);
    // The check can fail: those modules are in the build, in chunks of their own, and the home screen is first.
    const all = Object.values(outputs).flatMap((o) => Object.keys(o.inputs));
    for (const name of ['screens/series.ts', 'screens/settings.ts', 'src/devtools/index.ts', 'src/sw/index.ts'])
      expect(all.some((input) => input.endsWith(name))).toBe(true);
    expect(first.some((input) => input.endsWith('screens/trending.ts'))).toBe(true);
  });
});

/** Builds the demo with Vite's programmatic `build()` into `outDir` (used by `npm run demo` and the browser test). */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const DEMO_CONFIG_FILE = fileURLToPath(new URL('./vite.config.ts', import.meta.url));

export async function buildDemo(outDir: string, options: { minify?: boolean } = {}): Promise<void> {
  await build({
    configFile: DEMO_CONFIG_FILE,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, minify: options.minify ?? true },
  });
}

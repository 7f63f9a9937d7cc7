/**
 * The demo's Vite config (`root: 'demo'`): the page, and `sw.ts` built by vite-plugin-pwa's `injectManifest` as
 * the module worker `/sw.js` (its default scope is then the whole origin), with the build's precache manifest
 * written in place of `self.__WB_MANIFEST`. `demo/serve.ts` and the browser tests build with it.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { cataloguePreload } from '../src/vite/catalogue-preload.js';

export const DEMO_ROOT = fileURLToPath(new URL('./', import.meta.url));

/**
 * For the worker's own build, which takes no settings from the app's config. Workbox keeps its development
 * logging unless `process.env.NODE_ENV` is 'production', which the plugin takes from the process running the
 * build (a test runner's is 'test'): follow the build's mode instead; and be as quiet as the app's build.
 */
export function workerBuildLikeTheApp(): Plugin {
  return {
    name: 'worker-build-like-the-app',
    config: (_config, { mode }) => ({ logLevel: 'warn', define: { 'process.env.NODE_ENV': JSON.stringify(mode) } }),
  };
}

export default defineConfig({
  root: DEMO_ROOT,
  logLevel: 'warn',
  // Every browser the demo supports (module workers) knows `modulepreload`: no polyfill runs before the page's code.
  build: { emptyOutDir: true, reportCompressedSize: false, modulePreload: { polyfill: false } },
  plugins: [
    // A first visit's view requests leave through a chunk of their own: preloaded beside the page's script.
    cataloguePreload(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: DEMO_ROOT,
      filename: 'sw.ts',
      // The page registers the worker itself, as a module (`{ type: 'module' }`), and offers updates itself.
      injectRegister: false,
      // `public/manifest.webmanifest` is the app's manifest, linked from index.html.
      manifest: false,
      injectManifest: {
        // An ES module: what the page registers with `type: 'module'`.
        rollupFormat: 'es',
        // The page, its hashed scripts and styles, the manifest and the icons: everything a reload needs offline.
        globPatterns: ['**/*.{html,js,css,svg,webmanifest}'],
        buildPlugins: { vite: [workerBuildLikeTheApp()] },
      },
    }),
  ],
});

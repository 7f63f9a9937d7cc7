/**
 * The offline-shell test page (`test/e2e/shell-page/`), built as an app would build it: vite-plugin-pwa's
 * `injectManifest` with the worker as an ES module `/sw.js` and the build's files in its precache manifest.
 */
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';
import { workerBuildLikeTheApp } from '../../../demo/vite.config.js';
import type { BuildPageOptions } from './build-page.js';

const SHELL_PAGE_ROOT = fileURLToPath(new URL('../shell-page/', import.meta.url));

export function shellPage(): BuildPageOptions {
  return {
    root: SHELL_PAGE_ROOT,
    vite: {
      plugins: [
        VitePWA({
          strategies: 'injectManifest',
          srcDir: SHELL_PAGE_ROOT,
          filename: 'sw.ts',
          injectRegister: false,
          manifest: false,
          injectManifest: {
            rollupFormat: 'es',
            globPatterns: ['**/*.{html,js,css}'],
            buildPlugins: { vite: [workerBuildLikeTheApp()] },
          },
        }),
      ],
    },
  };
}

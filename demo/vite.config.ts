/**
 * The demo's Vite config (`root: 'demo'`): the page, and `sw.ts` built as `/sw.js` next to it so the module
 * service worker's default scope is the whole origin. `demo/serve.ts` and the browser test build with it.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export const DEMO_ROOT = fileURLToPath(new URL('./', import.meta.url));

export default defineConfig({
  root: DEMO_ROOT,
  logLevel: 'warn',
  build: {
    emptyOutDir: true,
    reportCompressedSize: false,
    rolldownOptions: {
      input: { main: `${DEMO_ROOT}index.html`, sw: `${DEMO_ROOT}sw.ts` },
      output: {
        entryFileNames: (chunk: { name: string }) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});

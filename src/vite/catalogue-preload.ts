/**
 * `catalogue-sync/vite`: a Vite plugin for the app's build. On a first visit the catalogue sends each view's request
 * through a small chunk of its own (the API client and the response schemas), loaded by dynamic import once the
 * page's script has run; discovered only then, it costs a round trip on the path to first content. This plugin
 * names that chunk, and the chunks it imports, as `<link rel="modulepreload">` in the built HTML, so the browser
 * fetches them beside the page's script. The rest of the library (Dexie, the queue, the engine) is not preloaded:
 * on a slow link it would share the bandwidth with the answer the page is waiting for.
 *
 * ```ts
 * // vite.config.ts
 * import { cataloguePreload } from 'catalogue-sync/vite';
 * export default { plugins: [cataloguePreload()] };
 * ```
 *
 * Written against Vite's plugin shape without importing Vite, so the library has no dependency on it.
 */

/** The part of a Rollup/Rolldown output chunk the plugin reads. */
interface OutputChunkLike {
  readonly type: 'chunk' | 'asset';
  readonly fileName: string;
  readonly facadeModuleId?: string | null;
  readonly imports?: readonly string[];
  readonly isEntry?: boolean;
}

interface HtmlTag {
  readonly tag: 'link';
  readonly attrs: Record<string, string | boolean>;
  readonly injectTo: 'head';
}

/** The Vite plugin hooks this plugin uses, structurally. */
export interface CataloguePreloadPlugin {
  readonly name: string;
  readonly apply: 'build';
  configResolved(config: { readonly base: string }): void;
  readonly transformIndexHtml: {
    readonly order: 'post';
    handler(html: string, context: { readonly bundle?: Record<string, OutputChunkLike> }): HtmlTag[];
  };
}

/** The module the early requests' chunk is made from, in the package (`dist`) or in its sources. */
const EARLY_CLIENT = /[\\/]first-read[\\/]early-client\.(?:js|ts)$/;

export function cataloguePreload(): CataloguePreloadPlugin {
  let base = '/';
  return {
    name: 'catalogue-sync:preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {});
        const early = chunks.find((c) => c.type === 'chunk' && EARLY_CLIENT.test(c.facadeModuleId ?? ''));
        if (!early) return [];
        // The page's own entry is loaded by its script tag already.
        const entries = new Set(chunks.filter((c) => c.type === 'chunk' && c.isEntry).map((c) => c.fileName));
        const files = [early.fileName, ...(early.imports ?? [])].filter((file) => !entries.has(file));
        return files.map((file) => ({
          tag: 'link',
          // Low priority: the view's request no longer waits for these chunks (the front door sends it), only its
          // validation does, so on a slow link they must not take bandwidth from the page's own script.
          attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `${base}${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

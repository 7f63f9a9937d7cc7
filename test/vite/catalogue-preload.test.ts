import { describe, expect, it } from 'vitest';
import { cataloguePreload } from '../../src/vite/catalogue-preload.js';

/** A built app's bundle, as Vite hands it to `transformIndexHtml`: the entry, the early chunk and what it imports. */
const bundle = {
  'assets/index-a.js': { type: 'chunk', fileName: 'assets/index-a.js', isEntry: true, imports: [] },
  'assets/early-client-b.js': {
    type: 'chunk',
    fileName: 'assets/early-client-b.js',
    facadeModuleId: '/app/node_modules/catalogue-sync/dist/first-read/early-client.js',
    imports: ['assets/index-a.js', 'assets/catalogue-client-c.js'],
  },
  'assets/catalogue-client-c.js': { type: 'chunk', fileName: 'assets/catalogue-client-c.js', imports: [] },
  'assets/catalogue-core-d.js': {
    type: 'chunk',
    fileName: 'assets/catalogue-core-d.js',
    facadeModuleId: '/app/node_modules/catalogue-sync/dist/catalogue-core.js',
    imports: ['assets/catalogue-client-c.js'],
  },
  'assets/style.css': { type: 'asset', fileName: 'assets/style.css' },
} as const;

describe('cataloguePreload (catalogue-sync/vite)', () => {
  it("preloads the early requests' chunk and what it imports, not the page's entry nor the core", () => {
    const plugin = cataloguePreload();
    plugin.configResolved({ base: '/app/' });
    const tags = plugin.transformIndexHtml.handler('<html></html>', { bundle });
    expect(tags).toStrictEqual([
      {
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: '/app/assets/early-client-b.js' },
        injectTo: 'head',
      },
      {
        tag: 'link',
        attrs: {
          rel: 'modulepreload',
          crossorigin: true,
          fetchpriority: 'low',
          href: '/app/assets/catalogue-client-c.js',
        },
        injectTo: 'head',
      },
    ]);
  });

  it('finds the chunk built from the sources too, and adds nothing to an app without the catalogue', () => {
    const plugin = cataloguePreload();
    plugin.configResolved({ base: '/' });
    const fromSources = {
      'e.js': { type: 'chunk', fileName: 'e.js', facadeModuleId: 'C:\\repo\\src\\first-read\\early-client.ts' },
    } as const;
    expect(plugin.transformIndexHtml.handler('', { bundle: fromSources }).map((t) => t.attrs.href)).toStrictEqual([
      '/e.js',
    ]);
    expect(plugin.transformIndexHtml.handler('', { bundle: { 'a.js': bundle['assets/index-a.js'] } })).toStrictEqual(
      [],
    );
    expect(plugin.transformIndexHtml.handler('', {})).toStrictEqual([]);
  });
});

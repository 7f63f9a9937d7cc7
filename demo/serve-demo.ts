/**
 * The demo's server: the built page, its worker and the embedded fake on ONE loopback origin, answering only
 * loopback `Host` names, with the page under a strict CSP. The settings screen can point the page at another
 * service at run time, but a CSP is fixed when the page loads, so the origins that service may use are the
 * server's to name: the real TMDB API and image hosts by default, more with `apiOrigins` / `imageOrigins`.
 */
import { type PageOrigins, type ServedFakeService, serveFakeService } from '../src/testing/node.js';

/** The real service: its API answers CORS from any origin, and its `/3/configuration` names this image host. */
const REAL_SERVICE = { api: 'https://api.themoviedb.org', images: 'https://image.tmdb.org' } as const;

export interface ServeDemoOptions {
  /** The built demo (`buildDemo`'s `outDir`). */
  dir: string;
  /** TCP port; 0 picks a free one. @default 5173 */
  port?: number;
  /** API origins the page may also fetch from, besides its own and the real service's. @default none */
  apiOrigins?: readonly string[];
  /** Image origins the page may also show, besides its own and the real service's. @default none */
  imageOrigins?: readonly string[];
}

/** The origins the demo page may reach besides its own: the real service's, then the extra ones. */
export function demoPageOrigins(options: Omit<ServeDemoOptions, 'dir' | 'port'> = {}): Required<PageOrigins> {
  return {
    api: [REAL_SERVICE.api, ...(options.apiOrigins ?? [])],
    images: [REAL_SERVICE.images, ...(options.imageOrigins ?? [])],
  };
}

export function serveDemo(options: ServeDemoOptions): Promise<ServedFakeService> {
  return serveFakeService({
    staticDir: options.dir,
    port: options.port ?? 5173,
    host: '127.0.0.1',
    seed: 1,
    scale: 'small',
    pageOrigins: demoPageOrigins(options),
  });
}

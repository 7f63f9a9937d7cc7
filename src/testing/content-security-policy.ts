/**
 * The Content-Security-Policy of a page served next to the fake: scripts, styles, workers and the manifest from
 * its own origin only (nothing inline, no `eval`), and the network only to its own origin plus the API and image
 * origins it is told about. A page that keeps a token in session storage must not run anyone else's script.
 */

/** Origins a served page may reach besides its own (which it always may). */
export interface PageOrigins {
  /** Origins the page may fetch from (`connect-src`): another catalogue service's API. @default none */
  readonly api?: readonly string[];
  /**
   * Origins the page may show images from (`img-src`): that service's image host. Also in `connect-src`: a
   * service worker that caches images fetches them itself, and a worker's fetch is a connection. @default none
   */
  readonly images?: readonly string[];
}

/** A DNS name or an IP address. The URL parser lets `;`, `'` and `*` through in a host; CSP must not get them. */
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

/**
 * An origin as CSP writes it (`https://api.example.org`), or a TypeError: only a bare http(s) origin with a plain
 * host, serialized by the URL parser, so that nothing a caller passes can add a source or a directive.
 */
function sourceOf(origin: string, option: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new TypeError(`${option}: ${JSON.stringify(origin)} is not an origin`);
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && !url.password;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || !PLAIN_HOST.test(url.hostname)) {
    throw new TypeError(`${option}: ${JSON.stringify(origin)} is not an http(s) origin such as https://example.org`);
  }
  return url.origin;
}

/**
 * The header value for a page on this server and `origins`. `data:` and `blob:` images stay allowed (an inline
 * favicon, a picture made in the page); `frame-ancestors 'none'` keeps the page out of other sites' frames.
 */
export function contentSecurityPolicy(origins: PageOrigins = {}): string {
  const api = (origins.api ?? []).map((origin) => sourceOf(origin, 'pageOrigins.api'));
  const images = (origins.images ?? []).map((origin) => sourceOf(origin, 'pageOrigins.images'));
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ["img-src 'self'", ...images, 'data: blob:'].join(' '),
    ["connect-src 'self'", ...new Set([...api, ...images])].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Why a request to the fake's control routes (`/__fake/…`) is refused, if it is. Those routes mint sessions,
 * rewrite data and start 429 storms, so only this server's own page, or a client that is no page at all (a test,
 * a script, curl: no `Origin`), may call them. Another site's page cannot: browsers name it in `Origin` and
 * `Sec-Fetch-Site`, and a `text/plain` or form POST, which skips the CORS preflight, is refused for its type.
 */

export interface ControlRefusal {
  readonly status: 403 | 415;
  readonly error: string;
}

const JSON_TYPE = 'application/json';

/** `same-origin` (this page) and `none` (typed in, a bookmark) are the user's own; the others are not. */
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

/** The refusal for a request from another origin, or undefined when it comes from this one or from no page. */
export function foreignOriginRefusal(request: Request): ControlRefusal | undefined {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && FOREIGN_FETCH_SITES.has(site.toLowerCase())) {
    return { status: 403, error: `control routes refuse ${site} requests` };
  }
  const origin = request.headers.get('origin');
  // `Origin: null` (a sandboxed frame, a file) is another origin too.
  if (origin !== null && origin !== new URL(request.url).origin) {
    return { status: 403, error: 'control routes answer only their own origin' };
  }
  return undefined;
}

/**
 * The refusal of a body that is not JSON: a `Content-Type` other than `application/json`, or a body sent with
 * none. An empty body without a type (`POST /__fake/sessions`) is no body, and is served.
 */
export function bodyTypeRefusal(contentType: string | null, body: string): ControlRefusal | undefined {
  const essence = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  if (essence === JSON_TYPE || (contentType === null && body === '')) return undefined;
  return { status: 415, error: `control routes take ${JSON_TYPE} bodies, got ${contentType ?? 'no Content-Type'}` };
}

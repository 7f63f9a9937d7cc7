/** Marks a response that stands for a reset connection: `service.fetch` rejects, the HTTP server destroys the socket. */
export const RESET_HEADER = 'x-fake-connection-reset';

/** CORS for any origin (the demo runs on another port), exposing what the library reads. */
export function corsHeaders(origin: string | null): Record<string, string> {
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-expose-headers': 'ETag, Retry-After, Cache-Control',
  };
}

export function preflightHeaders(origin: string | null): Record<string, string> {
  return {
    ...corsHeaders(origin),
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': 'Authorization, Content-Type, If-None-Match, Accept',
    'access-control-max-age': '86400',
    vary: 'Origin',
  };
}

/** The headers every JSON answer of the service carries (N25 captures). */
export function jsonHeaders(origin: string | null, ok: boolean): Record<string, string> {
  return {
    'content-type': 'application/json;charset=utf-8',
    server: 'openresty',
    vary: 'accept-encoding, Origin',
    'x-cache': ok ? 'Miss from cloudfront' : 'Error from cloudfront',
    ...corsHeaders(origin),
  };
}

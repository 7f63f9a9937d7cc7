/**
 * Removes what may be a credential from a message before it is kept or shown: URLs (a fetch error or a gateway
 * may quote the request's, query and all), `name=value` pairs of credential parameters, bearer tokens, and long
 * opaque strings (session ids are 40 hex digits, tokens are JWTs). Service and network messages are not the
 * library's to trust: a misbehaving proxy echoes whatever it got.
 */
const URLS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]*/gi;
const CREDENTIAL_PAIRS =
  /\b(session_id|guest_session_id|request_token|access_token|api_key|token)(["']?\s*[=:]\s*["']?)[^\s"'&,;)}]+/gi;
const BEARER = /\bBearer\s+[^\s"',;]+/gi;
const OPAQUE = /[A-Za-z0-9_-]{32,}(?:\.[A-Za-z0-9_-]+)*/g;

export const SCRUBBED = '[redacted]';

export function scrubMessage(message: string): string {
  return message
    .replace(URLS, '[url]')
    .replace(CREDENTIAL_PAIRS, (_match, name: string, separator: string) => `${name}${separator}${SCRUBBED}`)
    .replace(BEARER, `Bearer ${SCRUBBED}`)
    .replace(OPAQUE, SCRUBBED);
}

/** An error reduced to its name and scrubbed message: what a `cause` may carry (never the original object). */
export function plainCause(error: unknown): { name: string; message: string } {
  const e = error as { name?: unknown; message?: unknown } | null | undefined;
  const name = typeof e?.name === 'string' ? e.name : typeof error;
  const message = typeof e?.message === 'string' ? e.message : typeof error === 'string' ? error : '';
  return { name, message: scrubMessage(message) };
}

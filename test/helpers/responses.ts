/**
 * Response builders for fake `fetch` handlers. They return real `Response` objects, so whatever the client
 * does with headers and bodies is exercised exactly as with the platform's fetch.
 */

/** `body` as JSON (a string is sent as is, to test malformed bodies), with a JSON content type. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'application/json;charset=utf-8', ...headers },
  });
}

/** A bodiless answer such as `304 Not Modified`. */
export function emptyResponse(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}

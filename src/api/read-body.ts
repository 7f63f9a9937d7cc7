/** A body as text, or the fact that it was larger than allowed (it was then not read to its end). */
export type BodyText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly tooLarge: true };

async function cancelQuietly(response: Response): Promise<void> {
  // Cancelling a body that errored or is already locked must not hide the "too large" outcome.
  await response.body?.cancel().catch(() => undefined);
}

/**
 * Reads a response body as UTF-8 text, stopping at `maxBytes`: a declared `Content-Length` above the cap is
 * refused before a byte is read, and a stream is read chunk by chunk and cancelled as soon as it passes the cap,
 * so a 50 MB body costs at most `maxBytes` of memory, never its own size.
 */
export async function readBodyText(response: Response, maxBytes: number): Promise<BodyText> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await cancelQuietly(response);
    return { ok: false, tooLarge: true };
  }
  const body = response.body;
  if (!body) {
    // No stream (an empty body, or a fetch double without streams): the text is already in memory, so only the
    // cap can be enforced, on its UTF-8 size.
    const text = await response.text();
    return new TextEncoder().encode(text).byteLength > maxBytes ? { ok: false, tooLarge: true } : { ok: true, text };
  }
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, tooLarge: true };
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { ok: true, text: parts.join('') };
}
